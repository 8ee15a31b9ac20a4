import { z } from 'zod';
import { idList } from '../shared/primitives';

/**
 * Equipment labels (beyond the spec, decision staged with the inventory rounds): a PDF sheet for
 * common label paper, each label with the card's QR address, the inventory and serial numbers, the
 * kind and model and the object's short name. Geometry in millimetres; the PDF writer converts.
 */
export const labelLayouts = ['a4-2x7', 'a4-3x8', 'thermal-58x40'] as const;
export type LabelLayout = (typeof labelLayouts)[number];

export interface LabelGeometry {
  readonly title: string;
  /** Page size. */
  readonly pageWidth: number;
  readonly pageHeight: number;
  readonly columns: number;
  readonly rows: number;
  readonly labelWidth: number;
  readonly labelHeight: number;
  /** The first label's top-left corner on the page. */
  readonly marginLeft: number;
  readonly marginTop: number;
  /** Distance between labels. */
  readonly gapX: number;
  readonly gapY: number;
}

/** A4 2×7 (99.1×38.1 mm, as L7163-type sheets), A4 3×8 (70×37 mm, no gaps), one 58×40 mm thermal label per page. */
export const labelGeometries: Readonly<Record<LabelLayout, LabelGeometry>> = {
  'a4-2x7': { title: 'A4, 2×7 (99×38 мм)', pageWidth: 210, pageHeight: 297, columns: 2, rows: 7, labelWidth: 99.1, labelHeight: 38.1, marginLeft: 4.65, marginTop: 15.15, gapX: 2.5, gapY: 0 },
  'a4-3x8': { title: 'A4, 3×8 (70×37 мм)', pageWidth: 210, pageHeight: 297, columns: 3, rows: 8, labelWidth: 70, labelHeight: 37, marginLeft: 0, marginTop: 0.5, gapX: 0, gapY: 0 },
  'thermal-58x40': { title: 'Термоэтикетка 58×40 мм', pageWidth: 58, pageHeight: 40, columns: 1, rows: 1, labelWidth: 58, labelHeight: 40, marginLeft: 0, marginTop: 0, gapX: 0, gapY: 0 },
};

/** At most this many labels in one file (a court's whole registry fits; the bench measures 1,000). */
export const LABELS_MAX = 5000;

export const labelMessages = {
  layout: 'Выберите формат этикеток',
  nothing: 'Нет оборудования для этикеток',
  tooMany: `Не более ${LABELS_MAX} этикеток за один раз: сузьте фильтр`,
  ids: 'Неверный список оборудования',
} as const;

/**
 * The labels request: a layout and either the selected tools' ids or the equipment list's own
 * filter (the schema of GET /api/tool, `toolListFilterSchema`; absent = the whole list in scope).
 */
export const labelRequestSchema = z.object({
  layout: z.enum(labelLayouts, { errorMap: () => ({ message: labelMessages.layout }) }),
  ids: idList()
    .nullish()
    .transform((v) => (v && v.length ? [...new Set(v)] : null)),
  /** Parsed by the list's own contract (parseToolFilter) where it is used. */
  filter: z.record(z.unknown(), { invalid_type_error: 'Неверный формат фильтра' }).nullish(),
});
export type LabelRequest = z.infer<typeof labelRequestSchema>;
export type LabelRequestInput = z.input<typeof labelRequestSchema>;

/** What one label prints. */
export interface LabelContent {
  readonly id: number;
  readonly url: string;
  readonly inventar_number: string | null;
  readonly serial_number: string | null;
  readonly kind: string | null;
  readonly model: string | null;
  readonly unit: string | null;
}

/** The card's address a label's QR code holds (its web route signs in first when needed). */
export const toolCardUrl = (publicUrl: string, id: number): string => `${publicUrl.replace(/\/+$/, '')}/tools/${id}`;

/** The tool id of a scanned card address (any host), or null. */
export const toolIdOfUrl = (text: string): number | null => {
  const m = /\/tools\/(\d{1,10})\/?(?:[?#].*)?$/.exec(text.trim());
  if (!m) return null;
  const n = Number(m[1]);
  return n > 0 && n <= 2147483647 ? n : null;
};

/** The label's place on its page: page index and the top-left corner in millimetres. */
export const labelPlace = (g: LabelGeometry, index: number) => {
  const perPage = g.columns * g.rows;
  const page = Math.floor(index / perPage);
  const k = index % perPage;
  const row = Math.floor(k / g.columns);
  const col = k % g.columns;
  return { page, x: g.marginLeft + col * (g.labelWidth + g.gapX), y: g.marginTop + row * (g.labelHeight + g.gapY) };
};
