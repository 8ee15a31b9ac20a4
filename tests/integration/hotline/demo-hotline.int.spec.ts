import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../api/config';
import { DEMO_HOTLINE_EMAIL, withDemoHotline } from '../../../api/demo-hotline';
import { parseHotlineAnswer } from '../../../domain/hotline/answer';
import { httpHotlineClient } from '../../../infrastructure/hotline-client';
import { SIMULATOR_REFUSAL } from '../../../infrastructure/hotline-simulator';

/** The embedded demo's hot line (docs/decisions.md 177): when it starts, and how it answers. */
describe('the demo hot line simulator', () => {
  const registration = (request_id: number, key: string, credentials = { hot_line_email: 'court@hotline.demo.local', hot_line_password: 'пароль' }) => ({
    ...credentials,
    request_id,
    request_kind: '2',
    request_text: 'Не печатает принтер',
    idempotency_key: key,
  });

  it('starts with the demo data when HOTLINE_URL is unset, and registers once per key', async () => {
    const demo = await withDemoHotline(loadConfig({ DEMO: '1', DATA_DIR: '/tmp/itsup-demo-hotline' }));
    try {
      expect(demo.close).not.toBeNull();
      expect(demo.config.hotlineUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(demo.config.hotlineEmail).toBe(DEMO_HOTLINE_EMAIL);
      const client = httpHotlineClient(demo.config.hotlineUrl!, 5_000);
      const first = await client.register(registration(42, 'hotline-register:request-42:0'));
      expect(first.ok && parseHotlineAnswer(first.text)).toMatchObject({ kind: 'registered', number: 'ГЛ-С-000042' });
      const again = await client.register(registration(42, 'hotline-register:request-42:0'));
      expect(again.ok && parseHotlineAnswer(again.text)).toMatchObject({ kind: 'registered', number: 'ГЛ-С-000042' });
      const noPassword = await client.register(registration(43, 'k-43', { hot_line_email: 'court@hotline.demo.local', hot_line_password: '' }));
      expect(noPassword.ok && parseHotlineAnswer(noPassword.text)).toMatchObject({ kind: 'refused', status: 403, message: SIMULATOR_REFUSAL });
    } finally {
      await demo.close?.();
    }
  });

  it('keeps a configured HOTLINE_EMAIL', async () => {
    const demo = await withDemoHotline(loadConfig({ DEMO: '1', HOTLINE_EMAIL: 'gl@real.example.ru' }));
    await demo.close?.();
    expect(demo.config.hotlineEmail).toBe('gl@real.example.ru');
  });

  it('never starts when HOTLINE_URL is set or the demo is off', async () => {
    const real = loadConfig({ DEMO: '1', HOTLINE_URL: 'https://gl.example.ru' });
    const withUrl = await withDemoHotline(real);
    expect(withUrl).toEqual({ config: real, close: null });
    const production = loadConfig({ DEMO: '0', DATABASE_URL: 'postgres://x@127.0.0.1/x' });
    const off = await withDemoHotline(production);
    expect(off).toEqual({ config: production, close: null });
    expect(off.config.hotlineUrl).toBeNull();
    expect(off.config.hotlineEmail).toBeNull();
  });
});
