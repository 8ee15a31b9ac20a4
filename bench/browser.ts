/**
 * What a court employee waits for in the browser (`npm run bench -- --only browser`): the request list,
 * the request dialog, the equipment list and the equipment card, in Debian chromium on the built
 * client, on a LAN and on a regional link (bench/lib/browser.ts), cold (a fresh browser profile:
 * empty cache) and warm (the same profile reloading the page). Figures: time to the list's first rows
 * since the navigation started, time from the click on a row to the dialog's content, bytes
 * transferred (all, and the scripts of the cold load), medians of `rounds` fresh profiles.
 */
import { buildClientIfStale } from '../tests/support/browser-client';
import { percentile } from './lib/http';
import { BenchPage, LAN, launchBenchBrowser, REGIONAL, signInForPage, type NetworkProfile, type Transfer } from './lib/browser';

export interface BrowserBenchDeps {
  readonly serverUrl: string;
  readonly login: string;
  readonly password: string;
  readonly quick: boolean;
  readonly figure: (name: string, value: number, unit: string, target: number | null, kind?: 'max' | 'min', note?: string) => void;
  readonly details: Record<string, unknown>;
}

/** Builds web/dist when its sources are newer: the server serves the client only if it is there when it starts. */
export const prepareBrowserBench = (): void => buildClientIfStale();

interface Screen {
  readonly name: string;
  readonly path: string;
  /** The first row of the list. */
  readonly rows: string;
  /** The dialog's content once its data came (a tab of the form, no spinner left). */
  readonly content: string;
  readonly dialog: string;
  /** The dialog's button that closes it unchanged. */
  readonly close: string;
}

const noSpinner = ':not(:has([role="progressbar"]))';
const screens: readonly Screen[] = [
  {
    name: 'request',
    path: '/requests',
    rows: 'table[aria-label="Список заявок"] tbody tr[data-request-id]',
    content: `[role="dialog"]:has(#request-tab-request)${noSpinner}`,
    dialog: 'dialog',
    close: 'Закрыть',
  },
  {
    name: 'equipment',
    path: '/tools',
    rows: 'table[aria-label="Список оборудования"] tbody tr[data-tool-id]',
    content: `[role="dialog"]:has([role="tabpanel"][id^="tool-tab-"]:not([hidden]))${noSpinner}`,
    dialog: 'card',
    close: 'Отмена',
  },
];

/** The targets (ms; KB of 1,000 bytes): regional and LAN, cold and warm. */
const TARGETS: Record<string, { coldList: number; warmList: number; dialog: number }> = {
  regional: { coldList: 3000, warmList: 1000, dialog: 1500 },
  LAN: { coldList: 1000, warmList: 500, dialog: 300 },
};
const INITIAL_SCRIPT_KB = 350;
const WARM_RELOAD_KB = 50;
const KB = 1000;

interface Round {
  coldList: number;
  coldBytes: number;
  coldScriptBytes: number;
  initialScriptBytes: number;
  initialScripts: number;
  coldRequests: number;
  coldDialog: number;
  warmList: number;
  warmBytes: number;
  warmRequests: number;
  warmDialog: number;
  coldLargest: Transfer['largest'];
  warmLargest: Transfer['largest'];
}

type NumberKey = { [K in keyof Round]: Round[K] extends number ? K : never }[keyof Round];

const closeDialog = async (p: BenchPage, screen: Screen) => {
  const dialog = p.page.getByRole('dialog');
  await dialog.getByRole('button', { name: screen.close, exact: true }).last().click();
  await dialog.waitFor({ state: 'detached' });
};

/** One fresh profile: the cold load, a dialog, the warm reload, the dialog again. */
const round = async (browser: Awaited<ReturnType<typeof launchBenchBrowser>>, origin: string, session: Awaited<ReturnType<typeof signInForPage>>, profile: NetworkProfile, screen: Screen): Promise<Round> => {
  const p = await BenchPage.open(browser, session, profile, { rows: screen.rows, content: screen.content });
  try {
    const coldList = await p.load(`${origin}${screen.path}`, 'rows');
    const initial = await p.scriptBytesUntil(coldList);
    await p.networkQuiet();
    const cold = p.transfer();
    const coldDialog = await p.clickUntil(screen.rows, 'content');
    await closeDialog(p, screen);
    await p.networkQuiet();
    const warmList = await p.reload('rows');
    await p.networkQuiet();
    const warm = p.transfer();
    const warmDialog = await p.clickUntil(screen.rows, 'content');
    await closeDialog(p, screen);
    return {
      coldList,
      coldBytes: cold.bytes,
      coldScriptBytes: cold.scriptBytes,
      initialScriptBytes: initial.bytes,
      initialScripts: initial.files,
      coldRequests: cold.requests,
      coldDialog,
      warmList,
      warmBytes: warm.bytes,
      warmRequests: warm.requests,
      warmDialog,
      coldLargest: cold.largest,
      warmLargest: warm.largest,
    };
  } finally {
    await p.close();
  }
};

export const benchBrowser = async (d: BrowserBenchDeps): Promise<void> => {
  console.log(`Browser: request and equipment screens, LAN and regional profiles (${d.login})`);
  const session = await signInForPage(d.serverUrl, d.login, d.password);
  const browser = await launchBenchBrowser();
  const rounds = d.quick ? 1 : 5;
  const results: Record<string, unknown> = {};
  try {
    // The first load of a started server compiles its routes and fills its caches: not what a user meets.
    await round(browser, d.serverUrl, session, LAN, screens[0]!);
    for (const profile of [LAN, REGIONAL])
      for (const screen of screens) {
        const runs: Round[] = [];
        for (let i = 0; i < rounds; i++) runs.push(await round(browser, d.serverUrl, session, profile, screen));
        results[`${profile.name}_${screen.name}`] = runs;
        const median = (key: NumberKey) => percentile(runs.map((r) => r[key]), 50);
        const spread = (key: NumberKey) => (rounds > 1 ? `median of ${rounds}, max ${Math.max(...runs.map((r) => r[key])).toFixed(0)}` : undefined);
        const t = TARGETS[profile.name]!;
        const list = `${screen.name === 'request' ? 'request' : 'equipment'} list`;
        const at = `browser ${profile.name}`;
        d.figure(`${at}: ${list}, cold: first rows`, median('coldList'), 'ms', t.coldList, 'max', spread('coldList'));
        d.figure(`${at}: ${list}, cold: bytes transferred`, median('coldBytes') / KB, 'KB', null, 'max', `${median('coldRequests')} responses`);
        d.figure(
          `${at}: ${list}, cold: initial JavaScript (before the first rows)`,
          median('initialScriptBytes') / KB,
          'KB',
          screen.name === 'request' ? INITIAL_SCRIPT_KB : null,
          'max',
          `${median('initialScripts')} files; ${(median('coldScriptBytes') / KB).toFixed(0)} KB of scripts until the network was quiet (prefetched dialog chunks included)`,
        );
        d.figure(`${at}: ${screen.dialog} content after the click (cold page)`, median('coldDialog'), 'ms', t.dialog, 'max', spread('coldDialog'));
        d.figure(`${at}: ${list}, warm reload: first rows`, median('warmList'), 'ms', t.warmList, 'max', spread('warmList'));
        d.figure(`${at}: ${list}, warm reload: bytes transferred`, median('warmBytes') / KB, 'KB', WARM_RELOAD_KB, 'max', `${median('warmRequests')} responses`);
        d.figure(`${at}: ${screen.dialog} content after the click (warm page)`, median('warmDialog'), 'ms', t.dialog, 'max', spread('warmDialog'));
      }
  } finally {
    await browser.close();
  }
  d.details.browser = { login: d.login, rounds, profiles: { LAN, regional: REGIONAL }, results };
};
