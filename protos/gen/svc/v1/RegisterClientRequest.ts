// Original file: protos/svc/v1/oauth.proto


export interface RegisterClientRequest {
  'clientName'?: (string);
  'redirectUris'?: (string)[];
}

export interface RegisterClientRequest__Output {
  'clientName': (string);
  'redirectUris': (string)[];
}
