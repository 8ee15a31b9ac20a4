/**
 * The public documents folder (administration.md 2.3: four PDF orders of the menu 'Документация'):
 * files named by the administrator, PDF by content, read by every signed-in user.
 */
export const publicDocMessages = {
  notPdf: 'Файл должен быть документом PDF',
  badName: 'Имя файла: буквы, цифры, пробел, точка, дефис или подчеркивание, с расширением .pdf',
  missing: 'Документ еще не загружен администратором',
  uploaded: (name: string) => `Документ «${name}» загружен`,
} as const;

/**
 * The four orders of the menu, each a fixed file name in the folder. The spec does not name them:
 * these are the orders a court IT department works by (support, operation, write-off, security).
 */
export const publicOrders = [
  { name: 'order-1.pdf', title: 'Приказ о технической поддержке ГАС «Правосудие»' },
  { name: 'order-2.pdf', title: 'Приказ об эксплуатации оборудования' },
  { name: 'order-3.pdf', title: 'Приказ о списании оборудования' },
  { name: 'order-4.pdf', title: 'Приказ об информационной безопасности' },
] as const;

export type PublicOrderName = (typeof publicOrders)[number]['name'];

/** The safe file name (no path, ends in .pdf, at most 120 characters), or null. */
export const publicDocName = (raw: string): string | null => {
  const name = raw.trim();
  return name.length <= 120 && /^[\p{L}\p{N}][\p{L}\p{N} ._-]*\.pdf$/iu.test(name) && !name.includes('..') ? name : null;
};

/** A PDF starts with '%PDF-'. */
export const isPdfHead = (head: Uint8Array): boolean => Buffer.from(head.subarray(0, 5)).toString('latin1') === '%PDF-';
