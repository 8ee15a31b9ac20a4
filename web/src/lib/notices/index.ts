export * from './notices-slice';
