/**
 * Keeps only digits and places the dots of DD.MM.YYYY while the user types:
 *   '1'        -> '1'
 *   '123'      -> '12.3'
 *   '12032026' -> '12.03.2026'
 */
export const maskDate = (text: string): string => {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  const parts = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4, 8)].filter(Boolean);
  return parts.join('.');
};

/** A fully typed DD.MM.YYYY (whether or not it is a real date). */
export const isCompleteDate = (text: string): boolean => /^\d{2}\.\d{2}\.\d{4}$/.test(text);
