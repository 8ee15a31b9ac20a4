import type { CommandContext } from '../../domain/shared/events';
import type { FileRef, RequestState } from '../../domain/request/state';
import { ContactKind } from '../../domain/request/enums';
import { requestAction, type RequestAction } from '../../commands/request/actions';
import { addRequestComment } from '../../commands/request/comment';
import { createRequestGroup } from '../../commands/request/group';
import { loadRequest } from '../../commands/request/load';
import { registerRequest } from '../../commands/request/register';
import { saveRequest, type SaveInput } from '../../commands/request/save';
import { markRequestNotificationsRead } from '../../commands/notification/notifications';
import type { AppContext } from '../context';
import type { DemoUnit, DemoUser } from './demo-world';

/**
 * One request of the living demo, driven through the same command handlers the HTTP routes call,
 * each command dated by its own context. Holds the request as the last command left it.
 */
export class DemoRequest {
  id = 0;
  state: RequestState | null = null;

  constructor(
    private readonly ctx: AppContext,
    readonly unit: DemoUnit,
  ) {}

  get number(): number {
    return this.state?.number ?? 0;
  }

  /** The contact of a request in this unit: the court's own account where it has one, else an unknown caller. */
  static contactFields(unit: DemoUnit, courtAccounts: readonly DemoUser[], callerName: string): Record<string, unknown> {
    const account = courtAccounts.find((c) => c.user.unitIds.includes(unit.id) && c.user.organization_id === unit.organizationId);
    return account
      ? { contact_kind: ContactKind.FROM_IAC, contact_id: account.user.id }
      : { contact_kind: ContactKind.STRANGER, contact_unknown_name: callerName, contact_unknown_email: `sekretar.${unit.id}@courts.example.ru` };
  }

  async register(by: DemoUser, request: Record<string, unknown>, context: CommandContext, extra: { engineers?: DemoUser[]; attachments?: FileRef[] } = {}) {
    const r = await registerRequest(this.ctx, by.caller, {
      request: { unit_id: this.unit.id, region_id: this.unit.regionId, ...request },
      engineer_ids: (extra.engineers ?? []).map((e) => e.user.id),
      attachments: extra.attachments ?? [],
    }, context);
    this.id = r.id;
    this.state = r.after.state;
  }

  /** Adopts a request a group creation registered. */
  adopt(id: number, state: RequestState) {
    this.id = id;
    this.state = state;
  }

  async save(by: DemoUser, request: Record<string, unknown>, context: CommandContext, extra: Omit<SaveInput, 'request'> = {}) {
    const r = await saveRequest(this.ctx, by.caller, this.id, { request, revision: null, ...extra }, context);
    this.state = r.after.state;
  }

  async act(by: DemoUser, action: RequestAction, context: CommandContext, engineers?: DemoUser[]) {
    const body = engineers ? { engineer_ids: engineers.map((e) => e.user.id) } : {};
    const r = await requestAction(this.ctx, by.caller, this.id, action, body, context);
    this.state = r.after.state;
  }

  async comment(by: DemoUser, text: string, notify: readonly DemoUser[], context: CommandContext, files: FileRef[] = []) {
    await addRequestComment(this.ctx, by.caller, this.id, { comment: text, files, notify_user_ids: notify.map((u) => u.user.id) }, context);
  }

  /** The user opened the chat tab: their notifications about this request are read. */
  async read(by: DemoUser, context: CommandContext) {
    await markRequestNotificationsRead(this.ctx, by.user.id, this.id, context);
  }
}

/** A group creation (RIGHT_MULTIPLE_REQUESTS): one request per unit, as POST /api/request_multiple does it. */
export const demoGroup = async (
  ctx: AppContext,
  by: DemoUser,
  units: DemoUnit[],
  text: string,
  context: CommandContext,
  attachments: FileRef[],
): Promise<DemoRequest[]> => {
  const r = await createRequestGroup(ctx, by.caller, { units_ids: units.map((u) => u.id), request_text: text, attachments }, context);
  const out = [];
  for (const [i, id] of r.ids.entries()) {
    const life = new DemoRequest(ctx, units[i]!);
    life.adopt(id, (await loadRequest(ctx, id)).state);
    out.push(life);
  }
  return out;
};
