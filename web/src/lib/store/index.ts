export { rootReducer, type RootState } from './root-reducer';
export { useAppDispatch, useAppSelector, type AppDispatch } from './hooks';
