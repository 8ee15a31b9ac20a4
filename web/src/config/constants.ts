/** Business constants of administration.md section 9 and the client's fixed settings. */

export const APP_TITLE = 'Служба ИТ-поддержки судов';

/** The client's version; a different server `appversion` offers a reload. */
export const CLIENT_VERSION: string = __APP_VERSION__;

/** Where API calls go: the page's own origin unless VITE_API_ORIGIN overrides it. */
export const API_BASE_URL = `${import.meta.env.VITE_API_ORIGIN ?? ''}/api`;

export const NOTIFICATIONS_POLL_MS = 120_000;
export const SUCCESS_NOTICE_MS = 1_000;
export const ERROR_NOTICE_MS = 8_000;
export const FILTER_DEBOUNCE_MS = 500;
export const TOOLTIP_DELAY_MS = 300;
export const LAZY_CHUNK_TIMEOUT_MS = 120_000;

export const PAGE_SIZE = 20;
export const MAX_PAGE_BUTTONS = 8;

export const DIALOG_WIDTH_PX = 700;
export const DIALOG_MAX_WIDTH = '80vw';

export const NETWORK_ERROR_TEXT = 'Ошибка сети. Перегрузите страницу';
