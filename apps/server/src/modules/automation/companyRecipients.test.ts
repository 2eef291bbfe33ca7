import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveRecipients } from '@park/core';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { dbDirectory } from './directory.ts';

/*
 * Recipient type 10 (表单中企业+角色, ADR 0068) over the real tables: the enabled users of the
 * company a record's 企业 field names who hold the role — the role itself, or the company's own role
 * of the same code — and nobody of another company or of the park.
 */

let t: TestApp;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const companies = (await t.sql.query(`select id::text from sys_company where status = '1' order by id limit 2`)).rows.map((r) => r.id as string);
  ids.a = companies[0]!;
  ids.b = companies[1]!;
  ids.role = String((await t.sql.query(`insert into sys_role (role_name, role_code) values ('运单审核', 'cr_review') returning id`)).rows[0].id);
  ids.ownRole = String((await t.sql.query(`insert into sys_role (role_name, role_code, company_id) values ('运单审核', 'cr_review', $1) returning id`, [ids.a])).rows[0].id);
  const user = async (name: string, company: string | null, role: string | null, status = 0) => {
    const id = String((await t.sql.query(`insert into sys_user (username, password_hash, real_name, user_type, company_id, status) values ($1, 'x', $1, $3, $2, $4) returning id`, [name, company, company ? 2 : 0, status])).rows[0].id);
    if (role) await t.sql.query(`insert into sys_user_role (user_id, role_id) values ($1, $2)`, [id, role]);
    return id;
  };
  ids.parkRoleHolder = await user('cr_a_park_role', ids.a!, ids.role);
  ids.ownRoleHolder = await user('cr_a_own_role', ids.a!, ids.ownRole);
  ids.noRole = await user('cr_a_none', ids.a!, null);
  ids.disabled = await user('cr_a_disabled', ids.a!, ids.role, 1);
  ids.otherCompany = await user('cr_b_park_role', ids.b!, ids.role);
  ids.park = await user('cr_park', null, ids.role);
});
afterAll(() => t?.close());

describe('表单中企业+角色', () => {
  it('names the record’s company’s enabled users with the role or its company copy, no one else', async () => {
    const r = { type: 10, dyncCompanyAndRole: [{ model: 'receiver', roleId: ids.role!, roleName: '运单审核' }] };
    const found = await resolveRecipients(r as never, { record: { receiver: ids.a }, initiatorId: null }, dbDirectory(t.booted.ctx.db));
    expect(found.sort()).toEqual([ids.parkRoleHolder, ids.ownRoleHolder].sort());
    // Another company in the field: its user, not company A's.
    expect(await resolveRecipients(r as never, { record: { receiver: ids.b }, initiatorId: null }, dbDirectory(t.booted.ctx.db))).toEqual([ids.otherCompany]);
    // No company chosen: nobody (the node's 无审批人 rule applies).
    expect(await resolveRecipients(r as never, { record: { receiver: null }, initiatorId: null }, dbDirectory(t.booted.ctx.db))).toEqual([]);
  });
});
