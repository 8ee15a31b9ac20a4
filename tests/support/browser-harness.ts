import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page, type Route } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS } from './browser-chromium';
import { takeSlot, type SlotLease } from './browser-slots';

export const DEMO_PASSWORD = 'demo2026';
const SCREENSHOTS = path.resolve(import.meta.dirname, '../artifacts/screenshots');

export const launchBrowser = (): Promise<Browser> => chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });

/** This file's server of the workers' (browser-global-setup.ts), leased on first use and given back after the file. */
let lease: SlotLease | undefined;
const slot = (urls: readonly string[]): string => {
  lease ??= takeSlot(inject('browserSlotDir'), urls.length);
  return urls[lease.index]!;
};
// Registered when the file imports the harness, so it is the file's last after-hook (hooks run as a stack).
afterAll(() => {
  lease?.release();
  lease = undefined;
});

/** An absolute address in the app under test. */
export const appUrl = (pathname = '/'): string => new URL(pathname, slot(inject('appUrls'))).toString();

/** An address of the state hot line double this file's server calls. */
export const hotlineUrl = (pathname = '/'): string => new URL(pathname, slot(inject('hotlineUrls'))).toString();

/** What went wrong in the page: console errors and uncaught exceptions. */
export interface PageProblems {
  readonly consoleErrors: string[];
  readonly pageErrors: string[];
}

export const watchProblems = (page: Page): PageProblems => {
  const problems: PageProblems = { consoleErrors: [], pageErrors: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') problems.consoleErrors.push(`${message.text()} @ ${message.location().url}`);
  });
  page.on('pageerror', (error) => problems.pageErrors.push(`${error.name}: ${error.message}`));
  return problems;
};

/** Asserts no console errors and no uncaught exceptions, except those a test provoked on purpose. */
export const expectNoProblems = (problems: PageProblems, expected: readonly RegExp[] = []): void => {
  const unexpected = problems.consoleErrors.filter((text) => !expected.some((re) => re.test(text)));
  expect(unexpected, 'console errors').toEqual([]);
  expect(problems.pageErrors, 'uncaught page errors').toEqual([]);
};

export interface FakeNotification {
  id: string;
  date_time: string | null;
  info: string;
  object_id: number | null;
  state: number;
}

/** What the page asked of GET/PUT /api/notifications while a fake answered. */
export interface NotificationsFake {
  readonly items: FakeNotification[];
  readonly reads: string[];
  gets: number;
}

export interface OpenPageOptions {
  /** Notifications: with a list the fake answers every call (a test of the bell needs known data); without, the server does. */
  readonly notifications?: FakeNotification[];
  /** Rewrites the `appversion` header of every answer, as a newer server would send it. */
  readonly serverVersion?: string;
}

const NOTIFICATIONS = /\/api\/notifications\//;

/** One handler for every /api call of the page, applying the options above. */
const routeApi = async (page: Page, options: OpenPageOptions): Promise<NotificationsFake> => {
  const fake: NotificationsFake = { items: options.notifications ?? [], reads: [], gets: 0 };
  const handle = async (route: Route) => {
    const request = route.request();
    const response = await route.fetch();
    const version: Record<string, string> = options.serverVersion ? { appversion: options.serverVersion } : {};
    const faked = NOTIFICATIONS.test(request.url()) && options.notifications !== undefined;
    if (!faked) return route.fulfill({ response, headers: { ...response.headers(), ...version } });
    // The server's headers (appversion, freshtoken) stay; the body is the fake's.
    const { 'content-length': _length, ...headers } = { ...response.headers(), ...version };
    const answer = (body: unknown) =>
      route.fulfill({ status: 200, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (request.method() === 'GET') {
      fake.gets += 1;
      return answer({ notifications: fake.items });
    }
    const id = decodeURIComponent(new URL(request.url()).pathname.split('/').pop() ?? '');
    fake.reads.push(id);
    for (const n of fake.items) if (n.id === id) n.state = 2;
    return answer({ message: 'Сохранено' });
  };
  // Routing relays every call through the test process: only a test that fakes or rewrites pays for it.
  if (options.notifications === undefined && options.serverVersion === undefined) return fake;
  // A reload or the end of a test cancels calls in flight; their routes have nobody to answer.
  await page.route('**/api/**', (route) => handle(route).catch(() => route.abort().catch(() => {})));
  return fake;
};

export interface OpenedPage {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly problems: PageProblems;
  readonly notifications: NotificationsFake;
}

/** A fresh browser context (own sessionStorage) with a page watched for problems. */
export const openPage = async (browser: Browser, options: OpenPageOptions = {}): Promise<OpenedPage> => {
  // Reduced motion: the client then opens dialogs and menus without animation, so a step waits for no
  // transition (menu-rights.e2e checks the switch).
  const context = await browser.newContext({ locale: 'ru-RU', timezoneId: 'Europe/Moscow', viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const problems = watchProblems(page);
  const notifications = await routeApi(page, options);
  return { context, page, problems, notifications };
};

/**
 * The test file's browser: launched before its tests (beside `alongside`, when given) and closed
 * after them, together with every page `open` gave.
 */
export const fileBrowser = (alongside?: () => Promise<unknown>) => {
  let browser: Browser | undefined;
  const opened: OpenedPage[] = [];
  beforeAll(async () => {
    [browser] = await Promise.all([launchBrowser(), alongside?.()]);
  });
  afterAll(async () => {
    for (const o of opened) await o.context.close().catch(() => {});
    await browser?.close();
  });
  return {
    open: async (options?: OpenPageOptions): Promise<OpenedPage> => {
      if (!browser) throw new Error('fileBrowser().open is for tests and hooks, after the browser launched');
      const o = await openPage(browser, options);
      opened.push(o);
      return o;
    },
  };
};

/** Signs in through the API: the user and token the client keeps in sessionStorage (a page without the login form). */
export const apiSignIn = async (login: string, password = DEMO_PASSWORD): Promise<{ user: Record<string, unknown>; token: string }> => {
  const response = await fetch(appUrl('/api/auth/signin'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: login, password }),
  });
  if (!response.ok) throw new Error(`sign-in ${login}: ${response.status} ${await response.text()}`);
  const { accessToken, ...user } = (await response.json()) as Record<string, unknown>;
  return { user, token: String(accessToken) };
};

/** Signs in through the login form and waits for the header to show the user. */
export const signIn = async (page: Page, login: string, password = DEMO_PASSWORD): Promise<void> => {
  await page.goto(appUrl('/login'));
  await page.getByLabel('Логин').fill(login);
  await page.getByLabel('Пароль').fill(password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await page.getByTestId('user-fio').waitFor();
};

/**
 * Does `action` and waits for the notice it brings (`text`: a part of it, or a pattern). A green notice shows
 * for 1 s, so the wait starts before the action: on a busy machine a click can return after the answer came
 * and its notice went.
 */
export const withNotice = async (page: Page, text: string | RegExp, action: () => Promise<unknown>): Promise<void> => {
  const shown = page.getByTestId('global-notice').filter({ hasText: text }).first().waitFor();
  try {
    await action();
  } catch (error) {
    shown.catch(() => undefined);
    throw error;
  }
  await shown;
};

/** Saves a full-page PNG under tests/artifacts/screenshots/ for people to look at. */
export const screenshot = async (page: Page, name: string): Promise<void> => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const take = (timeout: number) => page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true, animations: 'disabled', timeout });
  // Under CI's load headless Chromium once never delivered the frame of a full-page capture ("fonts
  // loaded", then 30 s; the same test passes alone). A second capture asks for a new frame; a page
  // that is really stuck fails it too.
  try {
    await take(15_000);
  } catch (error) {
    if (!(error instanceof Error && error.name === 'TimeoutError')) throw error;
    await take(30_000);
  }
};

/** Calls the API from the test (not the page), e.g. to know what the page should show. */
export const apiAs = async (login: string) => {
  const session = await apiSignIn(login);
  const user = session.user as { id: number; fio: string; post_id: number | null; organization_id: number | null; region_id: number | null };
  let token = session.token;
  /** Any call: a JSON body, or multipart fields (strings as they are, other values as JSON) with files. */
  const raw = async (method: string, pathname: string, body?: unknown, multipart = false, files: readonly ApiFile[] = []): Promise<Response> => {
    let payload: BodyInit | undefined;
    const headers: Record<string, string> = { userId: String(user.id), accessToken: token };
    if (body !== undefined && multipart) {
      const form = new FormData();
      for (const [k, v] of Object.entries(body as Record<string, unknown>)) form.append(k, typeof v === 'string' ? v : JSON.stringify(v));
      for (const f of files) form.append(f.field, new Blob([f.content.slice().buffer]), f.name);
      payload = form;
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(appUrl(`/api${pathname}`), { method, headers, body: payload });
    token = response.headers.get('freshtoken') ?? token;
    return response;
  };
  /** A call that must succeed: its JSON answer. */
  const call = async <T>(method: string, pathname: string, body?: unknown, multipart = false): Promise<T> => {
    const response = await raw(method, pathname, body, multipart);
    if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  return { user, raw, call, get: <T>(pathname: string) => call<T>('GET', pathname) };
};

/** A file of a multipart call (apiAs().raw). */
export interface ApiFile {
  readonly field: string;
  readonly name: string;
  readonly content: Uint8Array;
}

/** The titles of the main menu's group buttons, in order (the Home button is a link, not listed). */
export const menuGroups = async (page: Page): Promise<string[]> => {
  const nav = page.getByRole('navigation', { name: 'Главное меню' });
  await nav.waitFor();
  return (await nav.getByRole('button').allTextContents()).map((t) => t.trim());
};
