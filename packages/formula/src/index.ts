export * from './facts';
export * from './line';
export * from './validate';
export * from './check-request';
export * from './remedies';
export * from './requests';
export * from './submission';
export * from './memo';
