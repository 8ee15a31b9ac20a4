import { readFileSync } from 'node:fs';
import path from 'node:path';
import PizZip from 'pizzip';
import { describe, expect, it } from 'vitest';
import { actTemplateKinds, missingTags, unknownTags } from '../../../domain/act/templates';
import { templateTags } from '../../../infrastructure/docx-template';

/** The built-in act templates pass the checks an uploaded template must pass, and draw the signer table as designed. */
describe('the built-in act templates', () => {
  it.each(actTemplateKinds)('%s: every tag known, the stamps in the signers’ rows, a fixed signer table within the page', (kind) => {
    const bytes = readFileSync(path.join('templates', 'acts', `${kind}.docx`));
    const tags = templateTags(bytes);
    expect(unknownTags(tags)).toEqual([]);
    expect(missingTags(tags)).toEqual([]);
    expect(Object.keys(tags.signers ?? {})).toContain('stamp');
    const xml = new PizZip(bytes).file('word/document.xml')!.asText();
    // Every table has a fixed layout and fits the printable width (A4 less the margins: 11906 − 1418 − 850 twips).
    const tables = [...xml.matchAll(/<w:tblPr><w:tblW w:w="(\d+)"[^>]*\/>.*?<\/w:tblPr>/g)];
    expect(tables.length).toBeGreaterThan(0);
    for (const t of tables) {
      expect(Number(t[1])).toBeLessThanOrEqual(11906 - 1418 - 850);
      expect(t[0]).toContain('<w:tblLayout w:type="fixed"/>');
    }
    // The signer rows do not split across pages.
    expect(xml).toMatch(/<w:trPr><w:cantSplit\/><\/w:trPr><w:tc><w:tcPr><w:tcW w:w="5400"/);
  });
  it('a template may print the stamps as a list or in the signers’ rows', () => {
    expect(missingTags({ act_number: {}, act_date: {}, signers: { stamp: {} } })).toEqual([]);
    expect(missingTags({ act_number: {}, act_date: {}, stamps: {} })).toEqual([]);
    expect(missingTags({ act_number: {}, act_date: {}, signers: { name: {} } })).toEqual(['stamps']);
  });
});
