import { configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { api } from '@/lib/api';
import { keepSessionStored, signedOut } from '@/lib/session';
import { rootReducer } from '@/lib/store';

/** The one store: shared slices, the RTK Query cache, session persistence. */
export const createAppStore = () => {
  const listeners = createListenerMiddleware();
  // Whoever signs out (the user, or a 401), nothing cached for them may outlive the session.
  listeners.startListening({
    actionCreator: signedOut,
    effect: (_action, { dispatch }) => {
      dispatch(api.util.resetApiState());
    },
  });
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().prepend(listeners.middleware).concat(api.middleware),
  });
  keepSessionStored(store);
  return store;
};

export type AppStore = ReturnType<typeof createAppStore>;
