import { sql } from 'slonik';
import { createCatalogItem } from '../../commands/catalog/catalog';
import { latest } from '../../commands/context';
import { createInnerRequest, updateInnerRequest } from '../../commands/inner-request/inner-requests';
import { findCatalog } from '../../domain/catalog/definitions';
import { InnerRequestState } from '../../domain/inner-request';
import { RequestKind } from '../../domain/request/enums';
import { allRights } from '../../domain/rights/rights';
import type { Actor } from '../../domain/shared/actor';
import type { CommandContext } from '../../domain/shared/events';
import { AccessLevel } from '../../domain/rights/values';
import type { Position } from '../../infrastructure/eventstore/port';
import type { AppContext } from '../context';
import { demoScreenshotPng, storeDemoFile } from './demo-files';

const categories = [
  { title: 'Вход в систему и учетные записи', request_kind_id: null, category_order: 1 },
  { title: 'Права доступа и роли', request_kind_id: null, category_order: 2 },
  { title: 'Справочники', request_kind_id: null, category_order: 3 },
  { title: 'Ошибки при работе с заявками', request_kind_id: RequestKind.MISTAKE, category_order: 4 },
  { title: 'Предложения по доработке', request_kind_id: RequestKind.PROPOSAL, category_order: 5 },
  { title: 'Устаревшая категория', request_kind_id: null, category_order: 6, is_active: false },
];

/**
 * Problem categories and a few requests to the administrator from several demo users, with
 * answers, a picture and every state (decisions 57–66), so each demo login has some to see. Runs after
 * the accounts reached the read model (the author's names are looked up there).
 */
export const seedDemoInnerRequests = async (ctx: AppContext, context: CommandContext): Promise<Position | null> => {
  const system: Actor = { userId: 0, rights: allRights(), accessLevel: AccessLevel.FULL };
  let last: Position | null = null;
  const def = findCatalog('problems_categories')!;
  const kindIds: number[] = [];
  for (const c of categories) {
    const r = await createCatalogItem(ctx, def, { is_active: true, ...c }, system, context);
    last = latest(last, r.position);
    kindIds.push(r.id);
  }
  if (last) await ctx.runner.waitFor(last, 60_000);
  const users = new Map<string, { id: number; email: string | null }>();
  for (const u of await ctx.pool.any(sql.unsafe`SELECT id, login, email FROM rm_users WHERE login = ANY(${sql.array(['admin', 'court', 'engineer', 'chief', 'signer', 'hotline', 'senior'], 'text')})`))
    users.set(String(u.login), { id: Number(u.id), email: (u.email as string | null) ?? null });
  const admin = users.get('admin');
  if (!admin) return last;
  const write = async (login: string, message: string, kind: number | null, files = false, parentId: number | null = null) => {
    const u = users.get(login)!;
    const attached = files ? [await storeDemoFile(ctx, 'Снимок экрана.png', 'image/png', demoScreenshotPng(u.id))] : [];
    const r = await createInnerRequest(
      ctx,
      { id: u.id, isAdmin: login === 'admin' },
      { innerRequest: { message, author_email: u.email ?? `${login}@courts.example.ru`, request_inner_kind_id: kind, parent_id: parentId }, usersIds: [], files: attached },
      { ...context, userId: u.id },
    );
    last = latest(last, r.position);
    return r.id;
  };
  const state = async (id: number, s: number) => {
    last = latest(last, (await updateInnerRequest(ctx, id, { state: s }, { ...context, userId: admin.id })).position);
  };

  const a = await write('court', 'При входе в систему появляется ошибка «Сессия истекла», хотя вход выполнен минуту назад. Снимок экрана приложен.', kindIds[0]!, true);
  await write('admin', 'Проверили: часы на рабочем месте отстают на 20 минут. Настройте синхронизацию времени и войдите заново.', null, false, a);
  await write('court', 'Спасибо, после синхронизации времени всё работает.', null, false, a);
  await state(a, InnerRequestState.DONE);
  const b = await write('engineer', 'Прошу добавить в справочник производителей «Пантум».', kindIds[2]!);
  await write('admin', 'Добавим после согласования с филиалом, запрос отложен до конца месяца.', null, false, b);
  await state(b, InnerRequestState.POSTPONED);
  if (users.has('chief')) await write('chief', 'Нужно право на групповое создание заявок для заместителя руководителя филиала.', kindIds[1]!);
  if (users.has('signer')) await write('signer', 'В списке документов на подпись не отображается акт по заявке, прошу проверить.', kindIds[3]!, true);
  await write('court', 'Предлагаю показывать в списке заявок дату последнего сообщения.', kindIds[4]!);
  if (last) await ctx.runner.waitFor(last, 60_000);
  return last;
};
