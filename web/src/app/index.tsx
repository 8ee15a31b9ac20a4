import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { AppProvider } from './provider';
import { createAppRouter } from './router';
import { createAppStore } from './store';

/** The whole client: one store, one router. */
export const App = () => {
  const [store] = useState(createAppStore);
  const [router] = useState(createAppRouter);
  return (
    <AppProvider store={store}>
      <RouterProvider router={router} />
    </AppProvider>
  );
};
