// Original file: protos/svc/v1/oauth.proto


export interface IssueCodeResponse {
}

export interface IssueCodeResponse__Output {
}
