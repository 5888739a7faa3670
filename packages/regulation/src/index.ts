export * from './product';
export * from './pack';
