// Original file: protos/svc/v1/metering.proto


export interface RotateKeyResponse {
  'key'?: (string);
  'keyId'?: (string);
}

export interface RotateKeyResponse__Output {
  'key': (string);
  'keyId': (string);
}
