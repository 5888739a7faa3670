export * from './config';
export * from './log';
export * from './errors';
export * from './adapters/index';
export * from './grpc/server';
export * from './grpc/client';
export * from './ids';
