import { randomBytes, randomUUID } from 'node:crypto';

export const newId = (prefix: string): string => `${prefix}_${randomUUID().replace(/-/g, '')}`;
// A random prefix per process and a counter: unique across replicas, and no entropy drawn per request.
const PREFIX = randomBytes(9).toString('base64url');
let counter = 0;
export const requestId = (): string => `req_${PREFIX}${(counter++).toString(36)}`;
