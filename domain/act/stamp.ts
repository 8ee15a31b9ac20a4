import { localDateTime } from '../signing/region-time';

/**
 * One visible signature stamp on a stamped copy of an act (ГОСТ Р 7.0.97-2016, 5.23: 'Документ
 * подписан электронной подписью', certificate serial, owner, validity; as in practice also the
 * signing time, in the signer's region's time, and the signer's role). The signing area builds them
 * from verified signatures; the built-in templates print each in its signer's row of the signer
 * table (`{#signers}…{#stamp}…{/stamp}…{/signers}`), an uploaded template may print the list
 * `{#stamps}…{/stamps}`. Times are ISO strings.
 */
export interface ActStamp {
  role: 'iac' | 'unit' | 'final';
  roleTitle: string;
  owner: string;
  serial: string;
  validFrom: string;
  validTo: string;
  signedAt: string;
  /** The signer's region's offset from UTC (minutes); Moscow time when absent. */
  utcOffsetMinutes?: number;
  /** Made with a demo stand's software key. */
  demo?: boolean;
}

/** The stamp as the templates print it (dates DD.MM.YYYY, time HH:MM in the signer's region's time). */
export interface StampRow {
  stamp_title: string;
  stamp_role: string;
  stamp_owner: string;
  stamp_serial: string;
  stamp_valid: string;
  stamp_signed_at: string;
  /** 'Демонстрационная подпись…' for a demo key's signature, else empty. */
  stamp_note: string;
}

const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;
const two = (n: number) => String(n).padStart(2, '0');
const moscow = (iso: string) => {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : new Date(t + MOSCOW_OFFSET_MS);
};
export const ruDate = (iso: string): string => {
  const d = moscow(iso);
  return d ? `${two(d.getUTCDate())}.${two(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}` : '';
};
export const STAMP_TITLE = 'Документ подписан электронной подписью';
export const DEMO_STAMP_NOTE = 'Демонстрационная подпись';

export const stampRow = (s: ActStamp): StampRow => ({
  stamp_title: STAMP_TITLE,
  stamp_role: s.roleTitle,
  stamp_owner: s.owner,
  stamp_serial: s.serial,
  stamp_valid: `с ${ruDate(s.validFrom)} по ${ruDate(s.validTo)}`,
  stamp_signed_at: localDateTime(s.signedAt, s.utcOffsetMinutes ?? MOSCOW_OFFSET_MS / 60_000),
  stamp_note: s.demo ? DEMO_STAMP_NOTE : '',
});

/** Stamps in signing order (branch, object, final), as the copy prints them. */
const order = { iac: 0, unit: 1, final: 2 } as const;
export const stampRows = (stamps: readonly ActStamp[]): StampRow[] =>
  [...stamps].sort((a, b) => order[a.role] - order[b.role]).map(stampRow);

/** The stamp of each role, for the signer rows of the signer table. */
export const stampsByRole = (stamps: readonly ActStamp[]): Partial<Record<ActStamp['role'], StampRow>> =>
  Object.fromEntries(stamps.map((s) => [s.role, stampRow(s)]));
