import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { AccessLevel } from '../../../domain/rights/values';
import { deleteRole, saveRole } from '../../../commands/role/roles';
import { saveUser } from '../../../commands/user/users';
import { backfillWriteIndexes } from '../../../commands/write-index-backfill';
import { startTestApp, type TestApp } from '../../support/app';
import { contextAt, system } from '../request-read/support';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const indexRows = async () =>
  t.server.ctx.pool.any(sql.unsafe`SELECT index_name, key, member FROM write_index ORDER BY index_name, key, member`);

describe('invariants decided off the write side, not the read models', () => {
  it('refuses to delete a role still assigned even when the users read model does not show it yet', async () => {
    const ctx = t.server.ctx;
    const now = contextAt(new Date().toISOString());
    const role = await saveRole(ctx, null, { title: 'Роль для проверки удаления', role_order: 70, role_is_hotline: false, access_level: AccessLevel.OWN, rightsObject: {} }, system, now);
    const organization = Number(await ctx.pool.oneFirst(sql.unsafe`SELECT id FROM rm_organizations ORDER BY id LIMIT 1`));
    const user = await saveUser(ctx, ctx.hashPassword, null, {
      surname: 'Держатель', name: 'Роли', email: 'holder@courts.example.ru', phone: '+7 (900) 000-00-01', login: 'role_holder',
      password: ctx.config.seedPassword, organization_id: organization, users_roles: [role.id], units: [],
    }, system, now);
    await t.settled();
    // The read model as if it had not applied the assignment yet.
    await ctx.pool.query(sql.unsafe`UPDATE rm_users SET users_roles = '{}' WHERE id = ${user.id}`);
    await expect(deleteRole(ctx, role.id, system, now)).rejects.toThrow('Роль назначена работникам (1). Сначала снимите её с работников.');
  });

  it('fills the write-side indexes from the log once, as the appends left them', async () => {
    const ctx = t.server.ctx;
    // A live hard repair naming a tool, with a hot line number: listed in both indexes of the request stream.
    const admin = await t.signIn('admin');
    const tool = await ctx.pool.one(sql.unsafe`
      SELECT t.id, t.unit_id, u.region_id FROM rm_tools t JOIN rm_units u ON u.id = t.unit_id WHERE NOT t.deleted ORDER BY t.id LIMIT 1`);
    const res = await admin.multipart('POST', '/api/request', {
      request: {
        region_id: Number(tool.region_id), unit_id: Number(tool.unit_id), request_kind_id: 2, contact_kind: 2, contact_unknown_name: 'Петров П. П.',
        contact_unknown_email: 'petrov@example.ru', request_text: 'Не включается', tool_id: Number(tool.id), hotlinegas_number: 'ГЛ-ИНДЕКС-1',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const before = await indexRows();
    const member = `request-${(res.json().savedRequest as { id: number }).id}`;
    expect(before.some((r) => r.index_name === 'role-holders')).toBe(true);
    expect(before).toContainEqual({ index_name: 'protected-tools', key: String(tool.id), member });
    expect(before).toContainEqual({ index_name: 'hotline-number', key: 'гл-индекс-1', member });
    await ctx.pool.query(sql.unsafe`DELETE FROM write_index`);
    await ctx.pool.query(sql.unsafe`DELETE FROM write_index_built`);
    expect(await backfillWriteIndexes(ctx.pool, ctx.store)).toEqual(['hotline-number', 'protected-tools', 'role-holders', 'request-spares', 'certificate-holders', 'open-inventory']);
    expect(await indexRows()).toEqual(before);
    // Built: a second start fills nothing.
    expect(await backfillWriteIndexes(ctx.pool, ctx.store)).toEqual([]);
  });
});
