export * from './product';
export * from './pack';
export * from './screen';
export * from './warnings';
export * from './us-pack';
export * from './us-screen';
