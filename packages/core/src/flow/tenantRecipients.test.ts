import { describe, expect, it } from 'vitest';
import { resolveRecipients, type Directory } from './recipients.ts';
import { tenantDirectory, tenantRoleFor, type RecipientRole, type TenantLookup } from './tenantRecipients.ts';

const roles: RecipientRole[] = [
  { id: '1', code: 'TENANT_ADMIN', name: '主管理员', companyId: null },
  { id: '2', code: '', name: '安全员', companyId: null },
  { id: '11', code: 'TENANT_ADMIN', name: '主管理员', companyId: 'A' },
  { id: '12', code: null, name: '安全员', companyId: 'A' },
  { id: '21', code: 'TENANT_ADMIN', name: '主管理员', companyId: 'B' },
];
// users: 100 park, 101/102 tenant A, 201 tenant B; org 10 park, 110 A (leader 102 above 101's 111), 210 B
const userRoles: Record<string, string[]> = { '100': ['1', '2'], '101': ['12'], '102': ['11'], '201': ['21'] };
const userOrgs: Record<string, string[]> = { '100': ['10'], '101': ['111'], '102': ['110'], '201': ['210'] };
const orgs: Record<string, { parentId: string | null; leaderId: string | null }> = {
  '10': { parentId: null, leaderId: '100' },
  '110': { parentId: null, leaderId: '102' },
  '111': { parentId: '110', leaderId: null },
  '210': { parentId: null, leaderId: '201' },
};
const company: Record<string, string | null> = { '100': null, '101': 'A', '102': 'A', '201': 'B', '10': null, '110': 'A', '111': 'A', '210': 'B' };
const all = Object.keys(userRoles);
const base: Directory = {
  usersWithRoles: async (ids) => all.filter((u) => userRoles[u]!.some((r) => ids.includes(r))),
  usersInOrgs: async (ids) => all.filter((u) => userOrgs[u]!.some((o) => ids.includes(o))),
  usersInOrgsWithRole: async (ids, role) => all.filter((u) => userOrgs[u]!.some((o) => ids.includes(o)) && userRoles[u]!.includes(role)),
  usersOfCompaniesWithRole: async (ids, role) => all.filter((u) => ids.includes(company[u] ?? '') && userRoles[u]!.includes(role)),
  orgsOfUsers: async (ids) => ids.flatMap((u) => userOrgs[u] ?? []),
  org: async (id) => orgs[id] ?? null,
};
const lookup = (t: string): TenantLookup => ({
  roles: async (ids) => roles.filter((r) => ids.includes(r.id)),
  tenantRoles: async () => roles.filter((r) => r.companyId === t),
  orgsOfTenant: async (ids) => ids.filter((o) => company[o] === t),
  usersOfTenant: async (ids) => ids.filter((u) => company[u] === t),
});
const inA = tenantDirectory(base, 'A', lookup('A'));
const inB = tenantDirectory(base, 'B', lookup('B'));
const ctx = { record: { owner: '100,101,201' }, initiatorId: '101' };

describe('tenantRoleFor', () => {
  it('keeps the tenant\'s own role, maps a park role by code then by name, and finds nothing else', () => {
    expect(tenantRoleFor(roles[2]!, 'A', roles)).toBe('11');
    expect(tenantRoleFor(roles[0]!, 'A', roles)).toBe('11');
    expect(tenantRoleFor(roles[1]!, 'A', roles)).toBe('12');
    expect(tenantRoleFor(roles[1]!, 'B', roles)).toBeNull();
    expect(tenantRoleFor(roles[2]!, 'B', roles)).toBe('21');
  });
});

describe('recipients of a tenant\'s record', () => {
  it('a role: the tenant\'s counterpart only', async () => {
    expect(await resolveRecipients({ type: 0, role: [{ roleId: '1' }] }, ctx, base)).toEqual(['100']);
    expect(await resolveRecipients({ type: 0, role: [{ roleId: '1' }] }, ctx, inA)).toEqual(['102']);
    expect(await resolveRecipients({ type: 0, role: [{ roleId: '1' }] }, ctx, inB)).toEqual(['201']);
    expect(await resolveRecipients({ type: 0, role: [{ roleId: '2' }] }, ctx, inB)).toEqual([]);
  });
  it('named people and organisations: those of the tenant only', async () => {
    const r = { type: 1, person: [{ id: '100' }, { id: '101' }, { id: '10', type: '0' }, { id: '210', type: '0' }, { id: '110', type: '0' }] };
    expect(await resolveRecipients(r, ctx, inA)).toEqual(['101', '102']);
  });
  it('the initiator\'s leader, a user field, an organisation with a role', async () => {
    expect(await resolveRecipients({ type: 2, leader: 1 }, ctx, inA)).toEqual(['102']);
    expect(await resolveRecipients({ type: 4, model: 'owner' }, ctx, inA)).toEqual(['101']);
    expect(await resolveRecipients({ type: 4, model: 'owner' }, ctx, inB)).toEqual(['201']);
    expect(await resolveRecipients({ type: 5, orgAndRole: [{ orgId: '110', roleId: '1' }] }, ctx, inA)).toEqual(['102']);
    expect(await resolveRecipients({ type: 5, orgAndRole: [{ orgId: '10', roleId: '1' }] }, ctx, inA)).toEqual([]);
    expect(await resolveRecipients({ type: 7, role: [{ roleId: '2' }] }, ctx, inA)).toEqual(['101']);
  });
});
