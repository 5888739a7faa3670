// Original file: protos/svc/v1/oauth.proto


export interface IssueCodeRequest {
  'codeHash'?: (string);
  'clientId'?: (string);
  'userId'?: (string);
  'redirectUri'?: (string);
  'codeChallenge'?: (string);
  'resource'?: (string);
  'scope'?: (string);
  'ttlSeconds'?: (number);
}

export interface IssueCodeRequest__Output {
  'codeHash': (string);
  'clientId': (string);
  'userId': (string);
  'redirectUri': (string);
  'codeChallenge': (string);
  'resource': (string);
  'scope': (string);
  'ttlSeconds': (number);
}
