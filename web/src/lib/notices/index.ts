export * from './notices-slice';
export * from './placement';
