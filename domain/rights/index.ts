export * from './values';
export * from './catalog';
export * from './rights';
export * from './scope';
export * from './privilege';
