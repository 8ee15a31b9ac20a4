/** `--name value`, `--name=value` and bare `--flag` arguments. */
export const parseArgs = (argv: readonly string[]): Map<string, string | true> => {
  const out = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--')) continue;
    const eq = a.indexOf('=');
    if (eq > 0) out.set(a.slice(2, eq), a.slice(eq + 1));
    else if (argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('--')) out.set(a.slice(2), argv[++i]!);
    else out.set(a.slice(2), true);
  }
  return out;
};

export const numberArg = (args: Map<string, string | true>, name: string, fallback: number): number => {
  const v = args.get(name);
  if (v === undefined || v === true) return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} needs a positive number, got ${v}`);
  return n;
};

export const stringArg = (args: Map<string, string | true>, name: string): string | null => {
  const v = args.get(name);
  return typeof v === 'string' ? v : null;
};

export const fmtSeconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export const loadAverage = async (): Promise<string> => {
  const os = await import('node:os');
  return os.loadavg().map((x) => x.toFixed(2)).join(' ');
};
