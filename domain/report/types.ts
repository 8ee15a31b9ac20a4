import type { z } from 'zod';
import type { RightKey } from '../rights/catalog';
import type { RightValue } from '../rights/values';
import type { ReportDialogFields } from './court/parameters';

/** The file formats a report is produced in. */
export type ReportFormat = 'xlsx' | 'docx';

/** The name a report file is offered under: the Russian one, and a plain ASCII fallback. */
export interface ReportFileName {
  readonly display: string;
  readonly ascii: string;
}

/**
 * One report: everything the reports screen, the HTTP route and the generator need, as data. The
 * dialog's parameters are a zod schema (Russian messages) shared by the form and the server; the
 * data comes from a query the composition root wires by name (api/export/report-queries.ts); the
 * file is built from a template of templates/.
 */
export interface ReportDefinition<P extends z.ZodTypeAny = z.ZodTypeAny, Q extends string = string> {
  /** Stable id, used in routes and in the registry. */
  readonly id: string;
  readonly title: string;
  /** The right (and its values, any of them) the caller needs. */
  readonly right: { readonly key: RightKey; readonly values: readonly RightValue[] };
  /** The dialog's parameters. */
  readonly parameters: P;
  /** A list's filter contract the report also takes (the list's own parser reads it), if any. */
  readonly filter?: z.ZodTypeAny;
  /** Name of the data query (the port the composition root implements). */
  readonly query: Q;
  readonly formats: readonly ReportFormat[];
  /** Template folder or file under templates/ per format; a format without one is generated whole. */
  readonly templates: Partial<Readonly<Record<ReportFormat, string>>>;
  /** A report run as a background job from its dialog (decisions 87–96): the fields its dialog shows. */
  readonly dialog?: ReportDialogFields;
  /**
   * A Word document of one object run as a background job from its dialog (the technical documents):
   * the dialog shows the object, its two signers and a year; the document lists the object's tools,
   * the programs of that type (null: all) and, when `requests`, the year's requests.
   */
  readonly objectDocument?: ObjectDocumentSpec;
  /** The preview also draws the totals as a chart (the count reports). */
  readonly chart?: boolean;
  // A method, so a definition of particular parameters is also a ReportDefinition of any. `object`:
  // what the server looked up about the chosen object (an object document's name carries its vncode).
  fileName(parameters: z.output<P>, format: ReportFormat, object?: { readonly vncode: string }): ReportFileName;
}

export interface ObjectDocumentSpec {
  readonly software: number | null;
  readonly requests: boolean;
}

export const defineReport = <P extends z.ZodTypeAny, Q extends string>(d: ReportDefinition<P, Q>): ReportDefinition<P, Q> => d;
