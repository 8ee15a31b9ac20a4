import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, ensureChromium } from '../../tests/support/browser-chromium';
import { SESSION_STORAGE_KEY } from '../../web/src/lib/session/session-key';

/**
 * A page of the built client in Debian chromium with the network of a profile emulated through the
 * DevTools protocol (Network.emulateNetworkConditions), the bytes it transferred counted from the
 * protocol's own events, and moments marked in the page itself (performance.now(), since the
 * navigation started) when a selector first matches: no polling from this process adds its delay.
 */

export interface NetworkProfile {
  readonly name: string;
  /** Added to every request, ms (DevTools' "latency": a round trip). */
  readonly latencyMs: number;
  readonly downBitsPerSecond: number;
  readonly upBitsPerSecond: number;
}

/** A court's own network. */
export const LAN: NetworkProfile = { name: 'LAN', latencyMs: 2, downBitsPerSecond: 100e6, upBitsPerSecond: 100e6 };
/** A regional court on a slow link to the data centre. */
export const REGIONAL: NetworkProfile = { name: 'regional', latencyMs: 150, downBitsPerSecond: 2e6, upBitsPerSecond: 1e6 };

export const launchBenchBrowser = (): Promise<Browser> => {
  ensureChromium();
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
};

export interface SignedInUser {
  readonly user: Record<string, unknown>;
  readonly token: string;
}

/** Signs in over the API: what the client keeps in sessionStorage after its login form. */
export const signInForPage = async (origin: string, login: string, password: string): Promise<SignedInUser> => {
  const res = await fetch(`${origin}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: login, password }) });
  if (!res.ok) throw new Error(`sign-in ${login}: ${res.status} ${await res.text()}`);
  const { accessToken, ...user } = (await res.json()) as Record<string, unknown>;
  return { user, token: String(accessToken) };
};

/** What one transfer cost: every response's encoded bytes (headers included), and those of scripts. */
export interface Transfer {
  readonly requests: number;
  readonly bytes: number;
  readonly scriptBytes: number;
  readonly scripts: number;
  /** The largest responses (path, bytes), for the JSON results. */
  readonly largest: ReadonlyArray<readonly [string, number]>;
}

/** The marks the page records: name -> CSS selector; the first time each matches, its performance.now(). */
export type Marks = Readonly<Record<string, string>>;

/**
 * The page's side, as source text: tsx compiles this file with esbuild's keepNames, whose `__name`
 * wrappers around inner functions do not exist in the page.
 */
const markScript = (marks: Marks) => `(() => {
  const marks = ${JSON.stringify(marks)};
  window.__benchMarks = {};
  window.__benchClick = null;
  const check = () => {
    for (const [name, selector] of Object.entries(marks))
      if (!(name in window.__benchMarks) && document.querySelector(selector)) window.__benchMarks[name] = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['hidden', 'aria-busy'] });
  // The moment of the user's click, taken before any handler of the page runs.
  window.addEventListener('click', () => { window.__benchClick = performance.now(); }, { capture: true });
})();`;

export class BenchPage {
  private constructor(
    readonly context: BrowserContext,
    readonly page: Page,
    private readonly cdp: CDPSession,
    private readonly marks: Marks,
  ) {}

  private inflight = new Set<string>();
  private log: Array<{ url: string; script: boolean; bytes: number }> = [];
  private requests = new Map<string, { url: string; script: boolean }>();

  /** A fresh context (an empty cache) signed in as `session`, on `profile`'s network. */
  static async open(browser: Browser, session: SignedInUser, profile: NetworkProfile, marks: Marks): Promise<BenchPage> {
    const context = await browser.newContext({ locale: 'ru-RU', timezoneId: 'Europe/Moscow', viewport: { width: 1440, height: 900 } });
    await context.addInitScript(
      ({ key, value }) => {
        if (!window.sessionStorage.getItem(key)) window.sessionStorage.setItem(key, value);
      },
      { key: SESSION_STORAGE_KEY, value: JSON.stringify(session) },
    );
    await context.addInitScript(markScript(marks));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const probe = new BenchPage(context, page, cdp, marks);
    cdp.on('Network.requestWillBeSent', (e) => {
      probe.inflight.add(e.requestId);
      probe.requests.set(e.requestId, { url: new URL(e.request.url).pathname, script: e.type === 'Script' });
    });
    cdp.on('Network.loadingFinished', (e) => {
      probe.inflight.delete(e.requestId);
      const r = probe.requests.get(e.requestId);
      probe.log.push({ url: r?.url ?? '?', script: r?.script ?? false, bytes: e.encodedDataLength });
    });
    cdp.on('Network.loadingFailed', (e) => probe.inflight.delete(e.requestId));
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.latencyMs,
      downloadThroughput: profile.downBitsPerSecond / 8,
      uploadThroughput: profile.upBitsPerSecond / 8,
    });
    return probe;
  }

  /** Forgets what was transferred so far: the next `transfer()` counts from here. */
  resetTransfer(): void {
    this.log = [];
  }

  transfer(): Transfer {
    const scripts = this.log.filter((r) => r.script);
    return {
      requests: this.log.length,
      bytes: this.log.reduce((s, r) => s + r.bytes, 0),
      scriptBytes: scripts.reduce((s, r) => s + r.bytes, 0),
      scripts: scripts.length,
      largest: [...this.log].sort((a, b) => b.bytes - a.bytes).slice(0, 8).map((r) => [decodeURIComponent(r.url).slice(0, 120), r.bytes] as const),
    };
  }

  /**
   * The scripts of the current document that had arrived by `moment` (ms since its navigation), from
   * the page's resource timing: the JavaScript a screen needed before it showed.
   */
  async scriptBytesUntil(moment: number): Promise<{ bytes: number; files: number }> {
    return this.page.evaluate((until) => {
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => /\.m?js(\?|$)/.test(e.name) && e.responseEnd <= until);
      return { bytes: scripts.reduce((s, e) => s + e.transferSize, 0), files: scripts.length };
    }, moment);
  }

  /**
   * Waits until no request has been running for `quietMs` (at most `maxMs`): longer than the
   * client's own wait before it fetches ahead (web/src/lib/when-quiet.ts), so that is counted too.
   */
  async networkQuiet(quietMs = 1000, maxMs = 20_000): Promise<void> {
    const until = Date.now() + maxMs;
    let quietSince = Date.now();
    while (Date.now() < until) {
      if (this.inflight.size > 0) quietSince = Date.now();
      else if (Date.now() - quietSince >= quietMs) return;
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /** Waits for a mark of the current document; its time since the navigation started, ms. */
  async mark(name: string, timeoutMs = 60_000): Promise<number> {
    if (!(name in this.marks)) throw new Error(`no mark ${name}`);
    const handle = await this.page.waitForFunction((n) => (window as unknown as { __benchMarks?: Record<string, number> }).__benchMarks?.[n], name, { timeout: timeoutMs, polling: 50 });
    return Number(await handle.jsonValue());
  }

  /** Navigates (the marks start anew with the document) and returns the moment `mark` showed. */
  async load(url: string, mark: string): Promise<number> {
    this.resetTransfer();
    await this.page.goto(url, { waitUntil: 'commit' });
    return this.mark(mark);
  }

  async reload(mark: string): Promise<number> {
    this.resetTransfer();
    await this.page.reload({ waitUntil: 'commit' });
    return this.mark(mark);
  }

  /** Clicks `selector`'s first match and returns the time from the click to `mark`, ms. */
  async clickUntil(selector: string, mark: string): Promise<number> {
    await this.page.evaluate(() => {
      const w = window as unknown as { __benchMarks: Record<string, number>; __benchClick: number | null };
      w.__benchClick = null;
    });
    await this.page.locator(selector).first().click();
    const shown = await this.mark(mark);
    const clicked = await this.page.evaluate(() => (window as unknown as { __benchClick: number | null }).__benchClick);
    if (clicked === null) throw new Error(`the click on ${selector} did not reach the page`);
    return shown - clicked;
  }

  /** Lets a mark be recorded again (a dialog closed and opened anew). */
  async forget(name: string): Promise<void> {
    await this.page.evaluate((n) => {
      delete (window as unknown as { __benchMarks: Record<string, number> }).__benchMarks[n];
    }, name);
  }

  async close(): Promise<void> {
    await this.context.close();
  }
}
