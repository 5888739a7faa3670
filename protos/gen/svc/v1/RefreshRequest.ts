// Original file: protos/svc/v1/oauth.proto


export interface RefreshRequest {
  'refreshHash'?: (string);
  'clientId'?: (string);
  'accessHash'?: (string);
  'newRefreshHash'?: (string);
  'accessTtlSeconds'?: (number);
  'refreshTtlSeconds'?: (number);
  'resource'?: (string);
}

export interface RefreshRequest__Output {
  'refreshHash': (string);
  'clientId': (string);
  'accessHash': (string);
  'newRefreshHash': (string);
  'accessTtlSeconds': (number);
  'refreshTtlSeconds': (number);
  'resource': (string);
}
