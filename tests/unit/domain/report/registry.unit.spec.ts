import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findReport, reports } from '../../../../domain/report/registry';
import { rightsCatalog } from '../../../../domain/rights/catalog';
import { reportQueries } from '../../../../api/export/report-queries';

const templatesDir = new URL('../../../../templates/', import.meta.url);

describe('report registry', () => {
  it('has unique ids, each found by its id', () => {
    expect(new Set(reports.map((r) => r.id)).size).toBe(reports.length);
    for (const r of reports) expect(findReport(r.id)).toBe(r);
    expect(findReport('no-such-report')).toBeUndefined();
  });

  describe.each(reports.map((r) => [r.id, r] as const))('%s', (_id, report) => {
    it('needs a right of the rights catalogue, with values that right allows', () => {
      const right = rightsCatalog.find((r) => r.key === report.right.key);
      expect(right).toBeDefined();
      for (const v of report.right.values) expect(right!.values).toContain(v);
    });

    it('names a wired data query and existing templates', () => {
      expect(Object.keys(reportQueries)).toContain(report.query);
      for (const t of Object.values(report.templates)) expect(existsSync(new URL(t!, templatesDir))).toBe(true);
    });

    it('names its files per format', () => {
      for (const format of report.formats) {
        // The court reports' dialogs (decisions 87–96) need a region and a period, the technical documents an
        // object, its signers and a year (and the object's vncode); each ignores the others' keys.
        const parameters = {
          format, region_id: 1, balance_holder_id: 1, supply_kind: 1, date_beg: '2020-01-01', date_end: '2020-12-31',
          unit_id: 1, iac_signer_id: 1, unit_signer_id: 2, year: new Date().getFullYear(),
        };
        const name = report.fileName(report.parameters.parse(parameters) as never, format, { vncode: '77RS0001' });
        expect(name.display.endsWith(`.${format}`)).toBe(true);
        expect(name.ascii).toMatch(/^[\x20-\x7e]+$/);
      }
    });
  });

  it('the request list export: its parameters refuse an unknown format with the Russian message', () => {
    const result = findReport('request-list')!.parameters.safeParse({ format: 'pdf' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Неизвестный формат выгрузки');
  });
});
