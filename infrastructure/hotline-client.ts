/**
 * HTTP client of the state hot line API (requests.md 7): POST {base}/api/request_hot_line_register
 * with hot_line_email, hot_line_password, request_id, request_kind, request_text, and the
 * registration's idempotency key (header and field). Gives back the status and the raw text; the
 * domain parses it (domain/hotline/answer.ts). A timeout aborts the call.
 */
export interface HotlineRegistration {
  readonly hot_line_email: string;
  readonly hot_line_password: string;
  readonly request_id: number;
  readonly request_kind: string;
  readonly request_text: string;
  readonly idempotency_key: string;
}

export type HotlineCallResult =
  | { readonly ok: true; readonly httpStatus: number; readonly text: string }
  /** No answer (network error, timeout): the registration may or may not have happened. */
  | { readonly ok: false; readonly error: string };

export interface HotlineClient {
  register(body: HotlineRegistration): Promise<HotlineCallResult>;
}

export const httpHotlineClient = (baseUrl: string, timeoutMs: number): HotlineClient => ({
  register: async (body) => {
    try {
      const res = await fetch(new URL('/api/request_hot_line_register', baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': body.idempotency_key },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      return { ok: true, httpStatus: res.status, text: await res.text() };
    } catch (e) {
      const err = e as Error;
      return { ok: false, error: err.name === 'TimeoutError' ? `нет ответа за ${timeoutMs} мс` : `ошибка связи: ${err.message}` };
    }
  },
});
