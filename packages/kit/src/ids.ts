import { randomBytes, randomUUID } from 'node:crypto';

export const newId = (prefix: string): string => `${prefix}_${randomUUID().replace(/-/g, '')}`;
export const requestId = (): string => `req_${randomBytes(12).toString('base64url')}`;
