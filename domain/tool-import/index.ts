export * from './columns';
export * from './cells';
export * from './validate';
export * from './plan';
export * from './protect';
