import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { actTemplateDecider, actTemplateStreamId, type ActTemplateVersion, type UploadActTemplate } from '../../domain/act/template-stream';
import { actTemplateKinds, type ActTemplateKind, type TagShape } from '../../domain/act/templates';
import { templateContractErrors } from '../../domain/act/contracts';
import type { CommandContext } from '../../domain/shared/events';
import { invalid } from '../../domain/shared/errors';
import type { FileStore, StagedBlob } from '../../infrastructure/files/file-store';
import { TemplateError, templateTags } from '../../infrastructure/docx-template';
import { readAggregate } from '../aggregate';
import type { WriteContext } from '../context';
import { handleCommand } from '../handle-command';
import { templateMessages } from '../../domain/act/templates';
import { readFile as readStaged } from 'node:fs/promises';

/** The built-in templates (version 1 of each), read once from templates/acts. */
const TEMPLATE_DIR = path.join(process.cwd(), 'templates', 'acts');
const builtIns = new Map<ActTemplateKind, Promise<{ bytes: Buffer; checksum: string; size: number }>>();
export const builtInTemplate = (kind: ActTemplateKind) => {
  let found = builtIns.get(kind);
  if (!found) {
    found = readFile(path.join(TEMPLATE_DIR, `${kind}.docx`)).then((bytes) => {
      assertContract(kind, bytes);
      return { bytes, checksum: createHash('sha256').update(bytes).digest('hex'), size: bytes.length };
    });
    builtIns.set(kind, found);
  }
  return found;
};

/**
 * A built-in template is checked against its act's data contract when it is loaded: a tag the act
 * does not fill or a missing required tag is a defect of the shipped file, refused at once rather
 * than printed as an empty place in an act.
 */
export const assertContract = (kind: ActTemplateKind, bytes: Buffer): void => {
  const { unknown, missing } = templateContractErrors(kind, templateTags(bytes));
  if (unknown.length || missing.length) throw new Error(`template ${kind}: unknown tags [${unknown.join(', ')}], missing [${missing.join(', ')}]`);
};

export interface TemplateInUse {
  readonly kind: ActTemplateKind;
  readonly version: number;
  readonly checksum: string;
  readonly bytes: Buffer;
}

interface Ctx extends WriteContext {
  readonly files: FileStore;
}

const readAll = async (stream: NodeJS.ReadableStream): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

/** The current version of a template: the last upload, else the built-in file. */
export const currentTemplate = async (ctx: Ctx, kind: ActTemplateKind): Promise<TemplateInUse> => {
  const { state } = await readAggregate(ctx.store, actTemplateDecider, actTemplateStreamId(kind));
  if (state.current) return { kind, version: state.current.version, checksum: state.current.checksum, bytes: await readAll(ctx.files.open(state.current.checksum)) };
  const b = await builtInTemplate(kind);
  return { kind, version: 1, checksum: b.checksum, bytes: b.bytes };
};

/**
 * Earlier built-in files, kept as templates/acts/earlier/{sha256}.docx when a built-in template
 * changes: acts generated from them keep their stamped copies.
 */
const earlierBuiltIn = (checksum: string): Promise<Buffer | null> =>
  /^[0-9a-f]{64}$/.test(checksum) ? readFile(path.join(TEMPLATE_DIR, 'earlier', `${checksum}.docx`)).catch(() => null) : Promise.resolve(null);

/** A template version by its checksum (the stamped copy uses the act's own version). */
export const templateByChecksum = async (ctx: { files: FileStore }, kind: ActTemplateKind, checksum: string): Promise<Buffer | null> => {
  const b = await builtInTemplate(kind).catch(() => null);
  if (b && b.checksum === checksum) return b.bytes;
  const earlier = await earlierBuiltIn(checksum);
  if (earlier) return earlier;
  if (!(await ctx.files.exists(checksum))) return null;
  return readAll(ctx.files.open(checksum));
};

export interface TemplateListItem extends Omit<ActTemplateVersion, 'size'> {
  readonly title: string;
  readonly size: number;
}

/** Every template kind with its current version (GET /api/act_templates). */
export const listTemplates = async (ctx: Ctx): Promise<ActTemplateVersion[]> =>
  Promise.all(
    actTemplateKinds.map(async (kind) => {
      const { state } = await readAggregate(ctx.store, actTemplateDecider, actTemplateStreamId(kind));
      if (state.current) return state.current;
      const b = await builtInTemplate(kind);
      return { kind, version: 1, checksum: b.checksum, file_name: `${kind}.docx`, size: b.size, uploaded_by: null, uploaded_at: null };
    }),
  );

/** PK\x03\x04: a zip archive (a docx is one); the name alone proves nothing. */
const isZip = (b: Buffer) => b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/**
 * Checks an uploaded template by its content (a docx whose tags the act data knows) and records it
 * as the kind's next version. The file is committed to the store only once the event is appended.
 */
export const uploadTemplate = async (
  ctx: Ctx,
  actor: UploadActTemplate['actor'],
  kind: ActTemplateKind,
  file: { name: string; blob: StagedBlob },
  context: CommandContext,
) => {
  const bytes = await readStaged(file.blob.tmpPath);
  if (!isZip(bytes)) throw invalid(templateMessages.notDocx, { file: templateMessages.notDocx });
  let tags: TagShape | { broken: string[] };
  try {
    tags = templateTags(bytes);
  } catch (error) {
    if (!(error instanceof TemplateError)) throw error;
    tags = { broken: error.details };
  }
  const result = await handleCommand(
    ctx.store,
    actTemplateDecider,
    actTemplateStreamId(kind),
    { type: 'UploadActTemplate', actor, kind, checksum: file.blob.checksum, file_name: file.name, size: file.blob.size, tags },
    context,
    { retries: 2 },
  );
  return result;
};
