/**
 * Read-your-own-writes across server processes: an answer to a change names the place in the log
 * it wrote (`x-log-position`, 'commit.prepare'); the client keeps the latest one it was given and
 * sends it with every call, so whichever process answers first applies that write to its lists.
 */
export const LOG_POSITION_HEADER = 'x-log-position';

const POSITION = /^(\d{1,20})\.(\d{1,20})$/;

let latest: { readonly text: string; readonly commit: bigint; readonly prepare: bigint } | null = null;

/** Keeps `value` when it is later than the one kept (answers may arrive out of order). */
export const rememberLogPosition = (value: string | null): void => {
  const m = value ? POSITION.exec(value) : null;
  if (!m) return;
  const commit = BigInt(m[1]!);
  const prepare = BigInt(m[2]!);
  if (latest && (latest.commit > commit || (latest.commit === commit && latest.prepare >= prepare))) return;
  latest = { text: value!, commit, prepare };
};

/** The latest position given, to send back; null before the first change. */
export const latestLogPosition = (): string | null => latest?.text ?? null;
