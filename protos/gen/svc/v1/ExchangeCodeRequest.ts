// Original file: protos/svc/v1/oauth.proto


export interface ExchangeCodeRequest {
  'codeHash'?: (string);
  'clientId'?: (string);
  'redirectUri'?: (string);
  'codeVerifier'?: (string);
  'accessHash'?: (string);
  'refreshHash'?: (string);
  'accessTtlSeconds'?: (number);
  'refreshTtlSeconds'?: (number);
  'resource'?: (string);
}

export interface ExchangeCodeRequest__Output {
  'codeHash': (string);
  'clientId': (string);
  'redirectUri': (string);
  'codeVerifier': (string);
  'accessHash': (string);
  'refreshHash': (string);
  'accessTtlSeconds': (number);
  'refreshTtlSeconds': (number);
  'resource': (string);
}
