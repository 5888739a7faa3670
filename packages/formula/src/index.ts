export * from './facts';
export * from './line';
export * from './validate';
