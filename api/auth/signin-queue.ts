/** A sign-in refused before its hash: the queue is full, or its address already has many waiting. */
export class SigninBusy extends Error {
  constructor(
    readonly scope: 'server' | 'address',
    readonly retryAfterSeconds: number,
  ) {
    super(
      scope === 'address'
        ? 'Слишком много одновременных попыток входа с этого адреса. Повторите через несколько секунд.'
        : 'Сервер занят: много одновременных входов. Повторите через несколько секунд.',
    );
    this.name = 'SigninBusy';
  }
}

export interface SigninQueueLimits {
  /** Sign-ins hashing or waiting in this process. */
  readonly total: number;
  /** Of those, from one address (an office behind one NAT address signs in together at 9:00). */
  readonly perAddress: number;
}

/**
 * Admission to the password check. The hashes themselves run a few at a time, first come first
 * served (passwords.ts); this bounds how many sign-ins wait for them, so a rush is answered in
 * order within a bounded wait and a burst beyond the bounds is refused at once (429), before it
 * costs a hash: from one address past its share, from everyone when the queue is full. Logins
 * are not told apart here: refusing unknown logins differently would tell which logins exist; a
 * burst of them counts against its address like any other.
 */
export class SigninQueue {
  private inFlight = 0;
  private readonly byAddress = new Map<string, number>();
  /** How long a sign-in's check takes now, its wait included (smoothed, ms): a refusal's Retry-After. */
  private waitMs = 1_000;

  constructor(private readonly limits: SigninQueueLimits = { total: 96, perAddress: 24 }) {}

  async run<T>(address: string, check: () => Promise<T>): Promise<T> {
    const mine = this.byAddress.get(address) ?? 0;
    if (this.inFlight >= this.limits.total) throw new SigninBusy('server', this.retryAfter());
    if (mine >= this.limits.perAddress) throw new SigninBusy('address', this.retryAfter());
    this.inFlight++;
    this.byAddress.set(address, mine + 1);
    const started = Date.now();
    try {
      return await check();
    } finally {
      this.inFlight--;
      const left = (this.byAddress.get(address) ?? 1) - 1;
      if (left > 0) this.byAddress.set(address, left);
      else this.byAddress.delete(address);
      this.waitMs = 0.8 * this.waitMs + 0.2 * Math.min(60_000, Date.now() - started);
    }
  }

  private retryAfter(): number {
    return Math.max(1, Math.ceil(this.waitMs / 1000));
  }
}
