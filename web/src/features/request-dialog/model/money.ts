const money = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Costs with 2 decimals (requests.md 9). */
export const formatMoney = (value: number): string => money.format(value);

export const round2 = (value: number): number => Math.round(value * 100) / 100;
