import { ruRU } from '@mui/material/locale';
import { createTheme } from '@mui/material/styles';
import { ruRU as pickersRuRU } from '@mui/x-date-pickers/locales';

/** Colours of the application and the Russian texts of MUI and of the date pickers. */
export const theme = createTheme(
  {
    palette: {
      primary: { main: '#1f3a68' },
      secondary: { main: '#8a6d1d' },
      background: { default: '#f3f5f8' },
    },
    shape: { borderRadius: 6 },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTextField: { defaultProps: { size: 'small' } },
    },
  },
  pickersRuRU,
  ruRU,
);
