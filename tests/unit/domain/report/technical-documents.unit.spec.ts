import { describe, expect, it } from 'vitest';
import {
  documentParametersSchema,
  documentYears,
  isPlaceholderInventory,
  ksaCodeOf,
  technicalDocuments,
  technicalFileName,
  templateFileOf,
} from '../../../../domain/report/technical/documents';
import { isPdfHead, publicDocName } from '../../../../domain/report/technical/public-docs';

describe('technical documents (decisions 87–96)', () => {
  it('takes the KSA code from the vncode (leftmost of RS, OS, GV, UD, OV), else the default blank', () => {
    expect(ksaCodeOf('77RS0001')).toBe('RS');
    expect(ksaCodeOf('50os0002')).toBe('OS');
    expect(ksaCodeOf('GV05UD')).toBe('GV');
    expect(ksaCodeOf('77MS0012')).toBeNull();
    expect(templateFileOf('formular', null)).toBe('formular-default.docx');
    expect(templateFileOf('passport_tools', 'UD')).toBe('passport_tools-UD.docx');
  });

  it('names the file from KSA code, vncode and year', () => {
    const formular = technicalDocuments[0];
    expect(technicalFileName(formular, '77RS0001', 2025)).toEqual({ display: 'RS_77RS0001_Формуляр_2025.docx', ascii: 'RS_77RS0001_formular_2025.docx' });
    expect(technicalFileName(formular, '77MS 12', 2024).display).toBe('77MS_12_Формуляр_2024.docx');
  });

  it('reads placeholder inventory numbers as no number', () => {
    for (const v of ['', '-', '—', '000', 'б/н', 'Б/Н', 'нет', null]) expect(isPlaceholderInventory(v)).toBe(true);
    for (const v of ['0101340012', 'ИН-12']) expect(isPlaceholderInventory(v)).toBe(false);
  });

  it('offers the last 10 years and checks the dialog with the spec messages', () => {
    const now = new Date('2026-05-01T00:00:00Z');
    expect(documentYears(now)).toEqual([2026, 2025, 2024, 2023, 2022, 2021, 2020, 2019, 2018, 2017]);
    const schema = documentParametersSchema(now);
    const messages = (v: unknown) => (schema.safeParse(v).error?.issues ?? []).map((i) => `${String(i.path[0])}:${i.message}`);
    expect(messages({ unit_id: '', iac_signer_id: null, unit_signer_id: 3, year: 2016 })).toEqual(['unit_id:Нужно выбрать объект', 'iac_signer_id:Укажите подписанта', 'year:Выберите год']);
    expect(schema.parse({ unit_id: '5', iac_signer_id: 1, unit_signer_id: 2, year: 2017 })).toEqual({ unit_id: 5, iac_signer_id: 1, unit_signer_id: 2, year: 2017 });
  });

  it('public orders: safe PDF names and PDF content only', () => {
    expect(publicDocName('order-1.pdf')).toBe('order-1.pdf');
    expect(publicDocName('Приказ 12.pdf')).toBe('Приказ 12.pdf');
    for (const bad of ['../x.pdf', 'x.exe', '.pdf', 'a/b.pdf']) expect(publicDocName(bad)).toBeNull();
    expect(isPdfHead(Buffer.from('%PDF-1.7'))).toBe(true);
    expect(isPdfHead(Buffer.from('MZ\x90\x00\x03'))).toBe(false);
  });
});
