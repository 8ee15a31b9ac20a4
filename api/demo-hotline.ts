import { startHotlineSimulator } from '../infrastructure/hotline-simulator';
import type { Config } from './config';

/** The simulated hot line's mail address in the demo (HOTLINE_EMAIL unset). */
export const DEMO_HOTLINE_EMAIL = 'gl@hotline.demo.local';

/**
 * The demo's own state hot line (docs/decisions.md 177): with the demo data and
 * HOTLINE_URL unset, a simulator of the hot line API (requests.md 7) listens on 127.0.0.1 beside the
 * server and the configuration points at it; HOTLINE_EMAIL unset becomes the simulated hot line's
 * address (so the mail registration and the close notice work too). Never when HOTLINE_URL is set
 * or the demo is off: a real installation never talks to a simulator.
 */
export const withDemoHotline = async (config: Config): Promise<{ config: Config; close: (() => Promise<void>) | null }> => {
  if (!config.demo || config.hotlineUrl) return { config, close: null };
  // Numbers follow the request, so a restart (the simulator keeps nothing) never gives one twice.
  const simulator = await startHotlineSimulator({ numberOf: (_n, body) => `ГЛ-С-${String(body.request_id ?? 0).padStart(6, '0')}` });
  return { config: { ...config, hotlineUrl: simulator.url, hotlineEmail: config.hotlineEmail ?? DEMO_HOTLINE_EMAIL }, close: simulator.close };
};
