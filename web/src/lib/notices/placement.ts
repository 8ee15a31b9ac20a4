import type { SnackbarOrigin } from '@mui/material/Snackbar';

/**
 * Where notices appear (decisions 33–40): the bottom-left corner, beside the dialogs rather than on them.
 * A dialog of normal size (700 px, centred) keeps its buttons at its own bottom edge, and the title
 * bar carries the request's title: a centred notice covered one or the other.
 */
export const NOTICE_ANCHOR: SnackbarOrigin = { vertical: 'bottom', horizontal: 'left' };

/**
 * The notice's width stays inside the margin left of a centred 700 px dialog (half the window less
 * 350 px, less the 24 px corner offset and a gap), never narrower than a readable 280 px.
 */
export const NOTICE_MAX_WIDTH = 'min(420px, max(280px, calc(50vw - 350px - 40px)))';
