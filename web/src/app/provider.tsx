import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import '@/lib/dayjs';
import { GlobalNotice } from './global-notice';
import type { AppStore } from './store';
import { theme } from './theme';

/** Store, theme, Russian date handling (dayjs 'ru': DD.MM.YYYY, weeks from Monday) and the global notice. */
export const AppProvider = ({ store, children }: { readonly store: AppStore; readonly children: ReactNode }) => (
  <ReduxProvider store={store}>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="ru">
        {children}
        <GlobalNotice />
      </LocalizationProvider>
    </ThemeProvider>
  </ReduxProvider>
);
