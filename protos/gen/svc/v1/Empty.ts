// Original file: protos/svc/v1/common.proto


export interface Empty {
}

export interface Empty__Output {
}
