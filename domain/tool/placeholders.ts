/**
 * Values the registry uses for "none" (requests.md 5, equipment.md 9): a manufacturer 'undefined',
 * a model 'noname' and an inventory number starting with 'бн' (also written 'б/н', 'б.н.').
 */
export const isPlaceholderManufacturer = (v: string | null | undefined): boolean => !v || v.trim().toLowerCase() === 'undefined';

export const isPlaceholderModel = (v: string | null | undefined): boolean => !v || v.trim().toLowerCase() === 'noname';

export const isPlaceholderInventory = (v: string | null | undefined): boolean =>
  !v || /^бн/i.test(v.replace(/[\s./\\-]/g, ''));

/** A tool's name as descriptions show it: kind, manufacturer and model, placeholders left out. */
export const toolHead = (kind: string | null | undefined, manufacturer: string | null | undefined, model: string | null | undefined): string =>
  [kind?.trim(), isPlaceholderManufacturer(manufacturer) ? null : manufacturer?.trim(), isPlaceholderModel(model) ? null : model?.trim()].filter(Boolean).join(' ');
