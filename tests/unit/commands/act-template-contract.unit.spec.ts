import { readFileSync } from 'node:fs';
import PizZip from 'pizzip';
import { describe, expect, it } from 'vitest';
import { assertContract } from '../../../commands/act/templates';
import { actTemplateKinds } from '../../../domain/act/templates';
import { actTemplateDocx } from '../../../scripts/make-act-templates';

const withText = (docx: Buffer, from: string, to: string) => {
  const zip = new PizZip(docx);
  zip.file('word/document.xml', zip.file('word/document.xml')!.asText().replace(from, to));
  return zip.generate({ type: 'nodebuffer' });
};

describe('a built-in act template is checked against its act\'s contract when loaded', () => {
  it('every built-in template passes its own contract, and the shipped file is the script\'s', () => {
    for (const kind of actTemplateKinds) {
      expect(() => assertContract(kind, actTemplateDocx(kind)), kind).not.toThrow();
      expect(readFileSync(`templates/acts/${kind}.docx`).equals(actTemplateDocx(kind)), kind).toBe(true);
    }
  });

  it('a tag another act fills, or a missing number, fails the load', () => {
    const co7 = withText(actTemplateDocx('act-co-7'), '{act_text}', '{act_text}{#spares_branch}{code}{/spares_branch}');
    expect(() => assertContract('act-co-7', co7)).toThrow(/unknown tags \[spares_branch\]/);
    expect(() => assertContract('act-co-8', withText(actTemplateDocx('act-co-8'), '{#spares_branch}', '{#spares_branch}{code}'))).not.toThrow();
    expect(() => assertContract('act-learning', withText(actTemplateDocx('act-learning'), '№ {act_number}', '№'))).toThrow(/missing \[act_number\]/);
  });
});
