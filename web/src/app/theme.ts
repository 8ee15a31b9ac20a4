import { ruRU } from '@mui/material/locale';
import { createTheme } from '@mui/material/styles';
import { ruRU as pickersRuRU } from '@mui/x-date-pickers/locales';

/**
 * A user whose system asks for less motion (prefers-reduced-motion, WCAG 2.3.3) gets dialogs, menus,
 * tooltips and notices that appear and leave at once, and buttons without the ripple.
 */
const reducedMotion = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
const still = { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 };
const stillComponents = {
  MuiButtonBase: { defaultProps: { disableRipple: true } },
  // Menus and popovers time their grow by their height ('auto'), not by the theme's durations.
  MuiPopover: { defaultProps: { transitionDuration: 0 } },
  MuiMenu: { defaultProps: { transitionDuration: 0 } },
} as const;

/** Colours of the application and the Russian texts of MUI and of the date pickers. */
export const theme = createTheme(
  {
    ...(reducedMotion ? { transitions: { duration: still } } : {}),
    palette: {
      primary: { main: '#1f3a68' },
      secondary: { main: '#8a6d1d' },
      // MUI's orange (#ed6c02) is 3.1:1 on white: warning texts ('Отозвать заявку') need 4.5:1 (WCAG 1.4.3); 5.3:1 on the page's grey.
      warning: { main: '#a84a05' },
      background: { default: '#f3f5f8' },
    },
    shape: { borderRadius: 6 },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTextField: { defaultProps: { size: 'small' } },
      // An unselected toggle's text in action.active (54 % black) falls under 4.5:1 on the page's grey (WCAG 1.4.3).
      MuiToggleButton: { styleOverrides: { root: ({ theme: t }) => ({ color: t.palette.text.secondary }) } },
      // A disabled group's label (a read-only request's 'Исполнитель (ГЛ/Филиал)') in text.disabled (38 % black) is
      // 2.9:1; it names what is shown, so it keeps the secondary text's 4.5:1 or more (WCAG 1.4.3).
      MuiFormLabel: { styleOverrides: { root: ({ theme: t }) => ({ '&.Mui-disabled': { color: t.palette.text.secondary } }) } },
      ...(reducedMotion ? stillComponents : {}),
    },
  },
  pickersRuRU,
  ruRU,
);
