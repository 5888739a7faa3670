// Original file: protos/svc/v1/oauth.proto


export interface RevokeResponse {
}

export interface RevokeResponse__Output {
}
