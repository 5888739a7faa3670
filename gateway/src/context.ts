import type { Account__Output } from '@svc/protos/gen/svc/v1/Account';

declare module 'express-serve-static-core' {
  interface Request {
    id: string;
    account?: Account__Output;
    endUser?: string;
  }
}

export type AuthAccount = Account__Output;
