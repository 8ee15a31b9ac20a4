/**
 * One visible signature stamp on a stamped copy of an act (ГОСТ Р 7.0.97-2016: 'Документ подписан
 * электронной подписью', certificate serial, owner, validity, signing time, signer's role). The
 * signing area (13B) builds them from verified signatures; the act's template prints them in its
 * `{#stamps}…{/stamps}` section. Times are ISO strings.
 */
export interface ActStamp {
  role: 'iac' | 'unit' | 'final';
  roleTitle: string;
  owner: string;
  serial: string;
  validFrom: string;
  validTo: string;
  signedAt: string;
}

/** The stamp as the templates print it (dates DD.MM.YYYY, time HH:MM in Moscow time). */
export interface StampRow {
  stamp_title: string;
  stamp_role: string;
  stamp_owner: string;
  stamp_serial: string;
  stamp_valid: string;
  stamp_signed_at: string;
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
const ruDateTime = (iso: string): string => {
  const d = moscow(iso);
  return d ? `${ruDate(iso)} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())} (МСК)` : '';
};

export const STAMP_TITLE = 'Документ подписан электронной подписью';

export const stampRow = (s: ActStamp): StampRow => ({
  stamp_title: STAMP_TITLE,
  stamp_role: s.roleTitle,
  stamp_owner: s.owner,
  stamp_serial: s.serial,
  stamp_valid: `с ${ruDate(s.validFrom)} по ${ruDate(s.validTo)}`,
  stamp_signed_at: ruDateTime(s.signedAt),
});

/** Stamps in signing order (branch, object, final), as the copy prints them. */
const order = { iac: 0, unit: 1, final: 2 } as const;
export const stampRows = (stamps: readonly ActStamp[]): StampRow[] =>
  [...stamps].sort((a, b) => order[a.role] - order[b.role]).map(stampRow);
