import { combineSlices } from '@reduxjs/toolkit';
import { api } from '../api';
import { noticesSlice } from '../notices';
import { sessionSlice } from '../session';

/** The shared state: the session, the global notices and the RTK Query cache. */
export const rootReducer = combineSlices(sessionSlice, noticesSlice, api);

export type RootState = ReturnType<typeof rootReducer>;
