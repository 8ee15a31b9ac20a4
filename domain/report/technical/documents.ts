import { z } from 'zod';
import { RightValue } from '../../rights/values';
import { defineReport } from '../types';

/**
 * The technical documents of the menu 'Документация' (equipment.md 6, 9; administration.md 2.10):
 * one Word document per object (unit), filled from the read models, its template chosen by the KSA
 * code of the object's vncode.
 */
export const technicalDocuments = [
  { id: 'formular', title: 'Формуляр', file: 'Формуляр', ascii: 'formular', software: null, requests: true },
  { id: 'formular_table', title: 'Табличная часть формуляра', file: 'Табличная часть формуляра', ascii: 'formular_table', software: null, requests: true },
  { id: 'passport_tools', title: 'Паспорт технических средств', file: 'Паспорт ТС', ascii: 'passport_tools', software: null, requests: false },
  { id: 'passport_common_software', title: 'Паспорт общего программного обеспечения', file: 'Паспорт ОПО', ascii: 'passport_common_software', software: 2, requests: false },
  { id: 'passport_special_software', title: 'Паспорт специального программного обеспечения', file: 'Паспорт СПО', ascii: 'passport_special_software', software: 1, requests: false },
] as const;

export type TechnicalDocument = (typeof technicalDocuments)[number];
export type TechnicalDocumentId = TechnicalDocument['id'];
export const findTechnicalDocument = (id: string): TechnicalDocument | undefined => technicalDocuments.find((d) => d.id === id);

/** The KSA codes a template exists for (equipment.md 9); any other vncode takes the default blank. */
export const ksaCodes = ['RS', 'OS', 'GV', 'UD', 'OV'] as const;
export type KsaCode = (typeof ksaCodes)[number];

/** The first KSA code the vncode contains, or null (the default blank template). */
export const ksaCodeOf = (vncode: string): KsaCode | null => {
  const upper = vncode.toUpperCase();
  let best: { code: KsaCode; at: number } | null = null;
  // The earliest occurrence wins, so a code inside a longer vncode is read left to right.
  for (const code of ksaCodes) {
    const at = upper.indexOf(code);
    if (at >= 0 && (best === null || at < best.at)) best = { code, at };
  }
  return best?.code ?? null;
};

export const templateFileOf = (doc: TechnicalDocumentId, ksa: KsaCode | null): string => `${doc}-${ksa ?? 'default'}.docx`;

/** '{KSA}_{vncode}_{title}_{year}.docx' (the default blank has no KSA part); the ASCII fallback likewise. */
export const technicalFileName = (doc: TechnicalDocument, vncode: string, year: number) => {
  const ksa = ksaCodeOf(vncode);
  const safe = vncode.replace(/[^\p{L}\p{N}_-]+/gu, '_');
  const prefix = ksa ? `${ksa}_` : '';
  return { display: `${prefix}${safe}_${doc.file}_${year}.docx`, ascii: `${prefix}${safe.replace(/[^\w-]/g, '_')}_${doc.ascii}_${year}.docx` };
};

/** Year choices: the last 10 years including the current one (administration.md 8). */
export const documentYears = (now: Date): number[] => Array.from({ length: 10 }, (_, i) => now.getFullYear() - i);

/** Inventory numbers that only hold a place (equipment.md 9): printed as no number. */
export const isPlaceholderInventory = (value: string | null | undefined): boolean => {
  const v = (value ?? '').trim();
  return v === '' || /^[-–—_0.\s]+$/.test(v) || /^(б\/?н|без номера|нет|н\/?д|отсутствует)$/i.test(v);
};

export const documentMessages = {
  unit: 'Нужно выбрать объект',
  signer: 'Укажите подписанта',
  year: 'Выберите год',
  notCandidate: 'Сотрудник не может подписывать документы этого объекта',
  unknown: 'Документ не найден',
  unitMissing: 'Объект не найден',
} as const;

const requiredId = (message: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v), z.number({ required_error: message, invalid_type_error: message }).int(message).positive(message));

/**
 * The document dialog's fields, shared by the form and the server (administration.md 7). The years
 * are those of `now` when parsing (a server running over New Year offers the new one).
 */
export const documentParametersSchema = (now: Date | (() => Date) = () => new Date()) =>
  z.object({
    unit_id: requiredId(documentMessages.unit),
    iac_signer_id: requiredId(documentMessages.signer),
    unit_signer_id: requiredId(documentMessages.signer),
    year: requiredId(documentMessages.year).refine((y) => documentYears(typeof now === 'function' ? now() : now).includes(y), documentMessages.year),
  }, { required_error: documentMessages.unit, invalid_type_error: documentMessages.unit });
export type DocumentParameters = z.output<ReturnType<typeof documentParametersSchema>>;

/**
 * The five documents as entries of the report registry (decisions 87–96): started by the one report route
 * (POST /api/reports/{id}), built by the one report job kind in its child process, shown by the one
 * report dialog. Right: request read OWN or ALL (the objects of that scope); the data query of the
 * same id (projections/report/technical-queries.ts); the template of the object's KSA code.
 */
export const technicalReports = technicalDocuments.map((doc) =>
  defineReport({
    id: doc.id,
    title: doc.title,
    right: { key: 'RIGHT_REQUEST_READ', values: [RightValue.OWN, RightValue.ALL] },
    parameters: documentParametersSchema(),
    query: doc.id,
    formats: ['docx'],
    templates: { docx: 'technical' },
    objectDocument: { software: doc.software, requests: doc.requests },
    fileName: (p: DocumentParameters, _format, object) => technicalFileName(doc, object?.vncode ?? '', p.year),
  }),
);
