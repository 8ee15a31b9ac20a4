import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { sql, type DatabasePool } from 'slonik';
import { IMPORT_COLUMNS, indexModels, indexRefs, rowErrorText, type ImportReferences } from '../../domain/tool-import';
import { isDomainError } from '../../domain/shared/errors';
import type { ToolImportLookups } from '../../commands/tool-import/lookup-port';
import type { ImportProgress, ImportResult } from '../../commands/tool-import/import';
import type { Logger } from '../../infrastructure/logger';

/** The read models' answers to the import's lookups (the catalogues by title, the object's registry). */
export const toolImportLookups = (pool: DatabasePool): ToolImportLookups => ({
  references: async (unitId): Promise<ImportReferences | null> => {
    const unit = await pool.maybeOne(sql.unsafe`
      SELECT u.id, COALESCE(NULLIF(u.vncode, ''), o.vncode, '') AS vncode FROM rm_units u
      LEFT JOIN rm_organizations o ON o.id = u.organization_id
      WHERE u.id = ${unitId} AND NOT u.deleted`);
    if (!unit) return null;
    const rows = (await pool.any(sql.unsafe`
      SELECT catalog, id, title, data FROM rm_catalog_items
      WHERE catalog IN ('tool_kind', 'manufacturer', 'tool_model', 'tools_sets_names') AND NOT deleted ORDER BY id`)) as unknown as Array<{
      catalog: string; id: number; title: string; data: Record<string, unknown>;
    }>;
    const of = (c: string) => rows.filter((r) => r.catalog === c).map((r) => ({ id: Number(r.id), title: r.title }));
    return {
      unit: { id: Number(unit.id), vncode: String(unit.vncode ?? '') },
      kinds: indexRefs(of('tool_kind')),
      manufacturers: indexRefs(of('manufacturer')),
      models: indexModels(
        rows
          .filter((r) => r.catalog === 'tool_model')
          .map((r) => ({ id: Number(r.id), title: String(r.data.model ?? r.title), tool_kind_id: Number(r.data.tool_kind_id), manufacturer_id: Number(r.data.manufacturer_id) })),
      ),
      setKinds: indexRefs(of('tools_sets_names')),
    };
  },
  registry: async (unitId) => {
    const toolIds = (await pool.anyFirst(sql.unsafe`SELECT id FROM rm_tools WHERE unit_id = ${unitId} AND NOT deleted ORDER BY id`)).map(Number);
    const setIds = (await pool.anyFirst(sql.unsafe`SELECT id FROM rm_tools_sets WHERE unit_id = ${unitId} ORDER BY id`)).map(Number);
    return { toolIds, setIds };
  },
});

export type ImportJobState = 'running' | 'done' | 'failed';

/** What GET /api/tools_import/{jobId} answers. */
export interface ImportJobView {
  readonly id: string;
  readonly state: ImportJobState;
  readonly unitId: number;
  readonly progress: ImportProgress;
  readonly result: (Omit<ImportResult, 'position' | 'errors'> & { errors: string[]; errorsCount: number }) | null;
  /** A failure of the run itself (the registry is unchanged: the write is one transaction). */
  readonly message: string | null;
}

/** Errors listed in the answer at most; the count is always whole. */
const MAX_LISTED_ERRORS = 5000;
const KEEP_MS = 30 * 60_000;

/**
 * Import runs of this process, by id. An import is a job of the process that received the file
 * (the file is staged on its disk and the progress is served from here); its write is one
 * PostgreSQL transaction, so a process killed midway leaves the object's old registry and the run
 * simply disappears (the client reports it as failed). Finished runs are kept 30 minutes.
 */
export class ToolImportJobs {
  private readonly jobs = new Map<string, { view: ImportJobView; userId: number; finishedAt: number | null }>();

  constructor(private readonly log: Logger) {}

  start(userId: number, unitId: number, run: (onProgress: (p: ImportProgress) => void) => Promise<ImportResult>, cleanupPath: string | null): string {
    this.prune();
    const id = randomUUID();
    const entry = { view: { id, state: 'running' as ImportJobState, unitId, progress: { phase: 'reading' as const, percent: 0, rowsRead: 0 }, result: null, message: null } as ImportJobView, userId, finishedAt: null as number | null };
    this.jobs.set(id, entry);
    const set = (v: Partial<ImportJobView>) => (entry.view = { ...entry.view, ...v });
    void (async () => {
      try {
        const r = await run((p) => set({ progress: p }));
        const { position: _position, errors, ...rest } = r;
        set({
          state: 'done',
          progress: { phase: 'done', percent: 100, rowsRead: r.rowsRead },
          result: { ...rest, errors: errors.slice(0, MAX_LISTED_ERRORS).map(rowErrorText), errorsCount: errors.length },
        });
      } catch (error) {
        // The user sees a Russian message; an unexpected failure is also written to the log with its cause.
        if (!isDomainError(error)) this.log.error({ err: error instanceof Error ? error.message : String(error), unitId }, 'tool import failed');
        set({ state: 'failed', progress: { ...entry.view.progress, phase: 'failed' }, message: isDomainError(error) ? error.message : 'Не удалось выполнить импорт' });
      } finally {
        entry.finishedAt = Date.now();
        if (cleanupPath) await rm(cleanupPath, { force: true }).catch(() => {});
      }
    })();
    return id;
  }

  /** A run of this user (another user's id is as unknown as a wrong one). */
  get(id: string, userId: number): ImportJobView | null {
    const e = this.jobs.get(id);
    return e && e.userId === userId ? e.view : null;
  }

  /** Whether an import into this object is running (one at a time per object). */
  runningFor(unitId: number): boolean {
    return [...this.jobs.values()].some((e) => e.view.unitId === unitId && e.view.state === 'running');
  }

  private prune() {
    const now = Date.now();
    for (const [id, e] of this.jobs) if (e.finishedAt !== null && now - e.finishedAt > KEEP_MS) this.jobs.delete(id);
  }
}

/** The empty template: the 14 headers of equipment.md 5 on the first row. */
export const importTemplate = async (): Promise<Buffer> => {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Оборудование');
  ws.addRow([...IMPORT_COLUMNS]);
  ws.getRow(1).font = { bold: true };
  IMPORT_COLUMNS.forEach((title, i) => (ws.getColumn(i + 1).width = Math.max(14, title.length + 2)));
  // Inventory numbers and codes as text, so leading zeros survive typing.
  for (const col of [1, 7, 8]) ws.getColumn(col).numFmt = '@';
  return Buffer.from(await wb.xlsx.writeBuffer());
};
