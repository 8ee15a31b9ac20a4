import { hasFull, type RightsObject } from '../rights';
import type { Decider } from '../shared/decider';
import { forbidden, invalid } from '../shared/errors';
import type { CommandContext, EventOf } from '../shared/events';
import { templateContractErrors } from './contracts';
import { templateMessages, type ActTemplateKind, type TagShape } from './templates';

/**
 * Versions of one act template (stream `act_template-{kind}`). The built-in file is version 1
 * and needs no event; each upload an administrator makes is the next version.
 */
export interface ActTemplateVersion {
  kind: ActTemplateKind;
  version: number;
  checksum: string;
  file_name: string;
  size: number;
  uploaded_by: number | null;
  uploaded_at: string | null;
}
export type ActTemplateEventMap = { ActTemplateUploaded: ActTemplateVersion };
export type ActTemplateEvent = EventOf<ActTemplateEventMap>;
export const actTemplateEventTypes = ['ActTemplateUploaded'] as const;
export const actTemplateStreamId = (kind: ActTemplateKind) => `act_template-${kind}`;

export interface ActTemplateState {
  current: ActTemplateVersion | null;
}

export interface UploadActTemplate {
  type: 'UploadActTemplate';
  actor: { userId: number; rights: RightsObject };
  kind: ActTemplateKind;
  checksum: string;
  file_name: string;
  size: number;
  /** The tags the uploaded file uses (docxtemplater's InspectModule), or why it cannot be read. */
  tags: TagShape | { broken: string[] };
}

const decide = (state: ActTemplateState, c: UploadActTemplate, context: CommandContext): ActTemplateEvent[] => {
  if (!hasFull(c.actor.rights, 'RIGHT_SETTINGS')) throw forbidden();
  if ('broken' in c.tags && Array.isArray(c.tags.broken)) throw invalid(templateMessages.broken((c.tags.broken as string[]).join('; ')));
  const tags = c.tags as TagShape;
  // Checked against the act's own data contract: a СО-7 template cannot print СО-8's spares.
  const { unknown, missing } = templateContractErrors(c.kind, tags);
  if (unknown.length) throw invalid(templateMessages.unknownTags(unknown));
  if (missing.length) throw invalid(templateMessages.missingTags(missing));
  if (state.current?.checksum === c.checksum) return [];
  return [
    {
      type: 'ActTemplateUploaded',
      data: {
        kind: c.kind,
        version: (state.current?.version ?? 1) + 1,
        checksum: c.checksum,
        file_name: c.file_name,
        size: c.size,
        uploaded_by: c.actor.userId,
        uploaded_at: context.now,
      },
    },
  ];
};

export const actTemplateDecider: Decider<ActTemplateState, UploadActTemplate, ActTemplateEvent> = {
  initialState: () => ({ current: null }),
  evolve: (_state, e) => ({ current: e.data }),
  decide,
};
