import type { ImportReferences } from '../../domain/tool-import';

/** What the import reads outside the streams (implemented on the read models, api/jobs/tool-import.ts). */
export interface ToolImportLookups {
  /** The object (unit) with its vncode and the catalogues a row may name; null when the unit is absent or deleted. */
  references(unitId: number): Promise<ImportReferences | null>;
  /** The object's current registry: ids of its tools and sets that are not deleted. */
  registry(unitId: number): Promise<{ toolIds: number[]; setIds: number[] }>;
}
