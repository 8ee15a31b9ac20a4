export { rootReducer, type RootState } from './root-reducer';
export { useAppDispatch, useAppSelector, useAppStore, type AppDispatch } from './hooks';
