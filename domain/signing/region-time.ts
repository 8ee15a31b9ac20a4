/**
 * Local time of a region for the signature stamp: the region's code is the code of the subject of
 * the Russian Federation (77 Москва, 54 Новосибирская область, ...), and each subject keeps one
 * offset from UTC all year (no daylight saving since 2014; Якутия and Сахалин span several zones,
 * their administrative centres' offset is taken). An unknown code is Moscow time.
 */
const MSK = 3;
const offsets: Readonly<Record<number, number>> = {
  2: 5, 3: 8, 4: 7, 14: 9, 17: 7, 18: 4, 19: 7, 22: 7, 24: 7, 25: 10, 27: 10, 28: 9, 30: 4, 38: 8, 39: 2, 41: 12, 42: 7, 45: 5, 49: 11,
  54: 7, 55: 6, 56: 5, 59: 5, 63: 4, 64: 4, 65: 11, 66: 5, 70: 7, 72: 5, 73: 4, 74: 5, 75: 9, 79: 10, 86: 5, 87: 12, 89: 5,
};

/** Minutes east of UTC for a region code. */
export const utcOffsetOfRegion = (code: number | null | undefined): number => 60 * (code != null ? (offsets[code] ?? MSK) : MSK);

/** 'МСК', 'МСК+4', 'МСК−1': how Russian documents name a local time. */
export const zoneTitle = (offsetMinutes: number): string => {
  const d = offsetMinutes / 60 - MSK;
  return d === 0 ? 'МСК' : `МСК${d > 0 ? '+' : '−'}${Math.abs(d)}`;
};

const two = (n: number) => String(n).padStart(2, '0');

/** 'DD.MM.YYYY HH:MM (МСК+4)' of an ISO time at the offset. */
export const localDateTime = (iso: string, offsetMinutes: number): string => {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  const d = new Date(t + offsetMinutes * 60_000);
  return `${two(d.getUTCDate())}.${two(d.getUTCMonth() + 1)}.${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())} (${zoneTitle(offsetMinutes)})`;
};
