// Original file: protos/svc/v1/oauth.proto

import type { Long } from '@grpc/proto-loader';

export interface ClientRecord {
  'found'?: (boolean);
  'clientId'?: (string);
  'clientName'?: (string);
  'redirectUris'?: (string)[];
  'issuedAt'?: (number | string | Long);
}

export interface ClientRecord__Output {
  'found': (boolean);
  'clientId': (string);
  'clientName': (string);
  'redirectUris': (string)[];
  'issuedAt': (string);
}
