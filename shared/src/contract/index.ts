export * from './envelope.ts';
export * from './common.ts';
export * from './catalog.ts';
export * from './translation.ts';
export * from './health.ts';
export * from './cart.ts';
