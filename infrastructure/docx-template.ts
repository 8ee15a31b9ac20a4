import Docxtemplater from 'docxtemplater';
import InspectModule from 'docxtemplater/js/inspect-module.js';
import PizZip from 'pizzip';
import type { TagShape } from '../domain/act/templates';

/**
 * Word templates filled by docxtemplater's free core (acts, their stamped copies). Options are
 * fixed here once: paragraph loops (a section's own paragraphs vanish with it), line breaks in
 * values, and a missing value printed as empty rather than 'undefined'.
 */
const options = { paragraphLoop: true, linebreaks: true, nullGetter: () => '' };

/** Thrown for a file that is not a docx or a template docxtemplater cannot parse; `details` lists why. */
export class TemplateError extends Error {
  constructor(readonly details: string[]) {
    super(details.join('; '));
  }
}

interface DocxError {
  properties?: { errors?: Array<{ properties?: { explanation?: string } ; message?: string }>; explanation?: string };
  message?: string;
}
const detailsOf = (error: unknown): string[] => {
  const e = error as DocxError;
  const list = e.properties?.errors?.map((x) => x.properties?.explanation ?? x.message ?? '').filter(Boolean) ?? [];
  return list.length ? list : [e.properties?.explanation ?? e.message ?? String(error)];
};

const open = (template: Buffer, modules: unknown[] = []): Docxtemplater => {
  let zip: PizZip;
  try {
    zip = new PizZip(template);
  } catch (error) {
    throw new TemplateError([`не архив docx (${(error as Error).message})`]);
  }
  if (!zip.file('word/document.xml')) throw new TemplateError(['нет word/document.xml']);
  try {
    return new Docxtemplater(zip, { ...options, modules: modules as never[] });
  } catch (error) {
    throw new TemplateError(detailsOf(error));
  }
};

/** Fills the template with `data` and returns the docx. */
export const renderDocx = (template: Buffer, data: object): Buffer => {
  const doc = open(template);
  try {
    doc.render(data);
  } catch (error) {
    throw new TemplateError(detailsOf(error));
  }
  return doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' });
};

/** Every tag the template uses (loops and sections with the tags inside them). */
export const templateTags = (template: Buffer): TagShape => {
  const inspect = new InspectModule();
  open(template, [inspect]);
  return inspect.getAllTags() as TagShape;
};
