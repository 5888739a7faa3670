export * from './product';
export * from './pack';
export * from './screen';
export * from './warnings';
