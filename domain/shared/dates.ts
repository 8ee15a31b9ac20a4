/** Date helpers shared by the domain, server and client. Calendar dates travel as 'YYYY-MM-DD'. */

export const toDateOnly = (iso: string): string => iso.slice(0, 10);

/** 'YYYY-MM-DD' -> 'DD.MM.YYYY' */
export const formatDate = (isoDate: string | null | undefined): string => {
  if (!isoDate) return '';
  const [y, m, d] = isoDate.slice(0, 10).split('-');
  return `${d}.${m}.${y}`;
};

/** 'DD.MM.YYYY' -> 'YYYY-MM-DD', or null when it is not a real calendar date. */
export const parseRuDate = (text: string): string | null => {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [, d, mo, y] = m;
  const iso = `${y}-${mo}-${d}`;
  return isCalendarDate(iso) ? iso : null;
};

export const isCalendarDate = (iso: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return false;
  const t = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === iso;
};

/** Whole days from a to b (calendar dates or timestamps); positive when b is later. */
export const daysBetween = (a: string, b: string): number =>
  Math.floor((Date.parse(b.slice(0, 10)) - Date.parse(a.slice(0, 10))) / 86_400_000);

export const yearOf = (iso: string): number => Number(iso.slice(0, 4));
