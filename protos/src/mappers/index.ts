/** One mapper per message pair: what a service encodes, and what the gateway makes of it. */
export * from './check';
export * from './chassis';
export * from './label';
export * from './preservation';
export * from './library';
export * from './account';
export * from './formula';
