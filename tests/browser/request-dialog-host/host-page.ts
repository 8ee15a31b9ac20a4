import type { Locator, Page, Route } from 'playwright-core';
import { expect } from 'vitest';
import { apiSignIn, appUrl, DEMO_PASSWORD } from '../../support/browser-harness';
import { SESSION_STORAGE_KEY } from '../../../web/src/lib/session/session-key';
import { buildRequestDialogHost } from './build';

/** The address of the page hosting the request dialog (served by the test on the app's origin). */
export const HOST_PATH = '/__request-dialog';

let script: Promise<string> | null = null;
/** The host bundle, built once per test file. */
export const hostScript = (): Promise<string> => (script ??= buildRequestDialogHost());

let html: Promise<string> | null = null;
/** The host page with the bundle inlined, made once per test file (the script is 3.5 MB). */
const hostPage = (): Promise<string> =>
  (html ??= hostScript().then(
    (code) =>
      `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>Заявка</title></head><body><div id="root"></div><script>${code.replace(/<\/script/gi, '<\\/script')}</script></body></html>`,
  ));

/**
 * Opens the dialog as the list page will (`open={id}&tab=...` or `new=1`) on a host page served on
 * the app's own origin, so the dialog's calls reach the real server with the session of the tab. The
 * page is served by a route for its own load only: while any route is set, Playwright relays every
 * call of the page through the test process (under CI's load the dialog's catalogues took 1.6 s so).
 */
export const openDialog = async (page: Page, query: string): Promise<Locator> => {
  const body = await hostPage();
  const pattern = `**${HOST_PATH}**`;
  const serve = (route: Route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body });
  await page.route(pattern, serve);
  try {
    await page.goto(appUrl(`${HOST_PATH}?${query}`));
  } finally {
    await page.unroute(pattern, serve);
  }
  const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('request-dialog-title') });
  await dialog.waitFor();
  return dialog;
};

/** A select of the dialog (MUI): opens it by its label and picks the option. */
export const choose = async (page: Page, scope: Locator, label: string, option: string): Promise<void> => {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
};

/** Types digits into a masked date field (the dots come by themselves). */
export const typeDate = async (scope: Locator, label: string, ddmmyyyy: string): Promise<void> => {
  const input = scope.getByLabel(label, { exact: true });
  await input.fill('');
  await input.pressSequentially(ddmmyyyy.replaceAll('.', ''));
};

/** Today as the server's rules see it (UTC), DD.MM.YYYY. */
export const todayText = (): string => new Date().toISOString().slice(0, 10).split('-').reverse().join('.');

/** Calls of the API from the test, also changes (the harness's apiAs only reads). */
export const apiSession = async (login: string) => {
  const signin = await fetch(appUrl('/api/auth/signin'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: login, password: DEMO_PASSWORD }),
  });
  const user = (await signin.json()) as { id: number; accessToken: string; fio: string };
  let token = user.accessToken;
  const call = async <T>(method: string, pathname: string, body?: unknown): Promise<{ status: number; data: T }> => {
    const response = await fetch(appUrl(`/api${pathname}`), {
      method,
      headers: { userId: String(user.id), accessToken: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    token = response.headers.get('freshtoken') ?? token;
    return { status: response.status, data: (await response.json()) as T };
  };
  return { user, call };
};

/** The id of the first tool of the administrator's registry (its first page). */
export const firstToolId = async (): Promise<number> => {
  const admin = await apiSession('admin');
  const list = await admin.call<{ tools: Array<{ id: number }> }>('GET', `/tool/${encodeURIComponent(JSON.stringify({ pageNumber: 1 }))}`);
  if (list.status !== 200 || !list.data.tools[0]) throw new Error(`the first tool: ${list.status}`);
  return list.data.tools[0].id;
};

/**
 * A new hard repair of the court's first building, with its UPS or with no tool yet, taken by the
 * engineer (through the API).
 */
export const takenRepair = async ({ withTool }: { withTool: boolean }): Promise<{ id: number; number: number }> => {
  const court = await apiSession('court');
  const tools = await court.call<{ tools: { id: number }[] }>('GET', `/tool/${encodeURIComponent(JSON.stringify({ unit_id: 5, tool_kind_id: 8 }))}`);
  const created = await court.call<{ savedRequest: { id: number; number: number } }>('POST', '/request', {
    request: {
      request_kind_id: 2,
      region_id: 1,
      unit_id: 5,
      contact_kind: 1,
      contact_id: court.user.id,
      tool_id: withTool ? (tools.data.tools[0]?.id ?? null) : null,
      request_text: 'Не включается ИБП',
      request_performer_kind: 'FILIAL',
    },
  });
  const { id, number } = created.data.savedRequest;
  expect((await (await apiSession('engineer')).call('POST', `/request/${id}/take`, {})).status).toBe(200);
  return { id, number };
};

/**
 * Signs in through the API and leaves the session where the client keeps it (sessionStorage of the
 * app's origin) before the host page's first script runs: the dialog needs no screen of the built
 * client, and no page load of its own (each load of the 3.5 MB host script took 2 s). The session is
 * put there once per tab, so a later load keeps what the client made of it (a refreshed token).
 */
export const signInOnHost = async (page: Page, login: string): Promise<void> => {
  const session = await apiSignIn(login, DEMO_PASSWORD);
  await page.addInitScript(
    ([origin, key, value]) => {
      if (window.location.origin !== origin || window.sessionStorage.getItem('__signedInOnHost')) return;
      window.sessionStorage.setItem('__signedInOnHost', '1');
      window.sessionStorage.setItem(key!, value!);
    },
    [new URL(appUrl('/')).origin, SESSION_STORAGE_KEY, JSON.stringify(session)],
  );
};
