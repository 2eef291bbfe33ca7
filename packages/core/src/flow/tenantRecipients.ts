import type { Directory } from './recipients.ts';

/*
 * Recipients of a tenant's record (issue 36): approvals, CC nodes and automation messages are
 * designed once by the park, but a record that belongs to a tenant is handled inside that tenant.
 * A role named in the design stands for the tenant's role of the same code (TENANT_ADMIN …) or,
 * failing that, of the same name; organisations and people outside the tenant are passed over; and
 * whoever a rule finds (a leader, a user picked in the record) is kept only when a user of the tenant.
 */

/** A role as recipient resolution compares them. */
export interface RecipientRole {
  id: string;
  code: string | null;
  name: string;
  /** The tenant (company) owning the role; null: the park's. */
  companyId: string | null;
}

/**
 * The tenant's role standing for `asked`: itself when the tenant's, else the tenant's role with the
 * same non-empty code, else the one with the same name; null when the tenant has none. A park role
 * never reaches another tenant's users through its id.
 */
export function tenantRoleFor(asked: RecipientRole, tenantId: string, tenantRoles: readonly RecipientRole[]): string | null {
  if (asked.companyId === tenantId) return asked.id;
  const own = tenantRoles.filter((r) => r.companyId === tenantId);
  const code = (asked.code ?? '').trim();
  const byCode = code === '' ? undefined : own.find((r) => (r.code ?? '').trim() === code);
  const byName = own.find((r) => r.name === asked.name);
  return (byCode ?? byName)?.id ?? null;
}

/** The tenant's roles standing for the asked ones (each once; roles without a counterpart dropped). */
export function tenantRolesFor(asked: readonly RecipientRole[], tenantId: string, tenantRoles: readonly RecipientRole[]): string[] {
  const out = asked.map((r) => tenantRoleFor(r, tenantId, tenantRoles)).filter((id): id is string => id !== null);
  return [...new Set(out)];
}

/** What a tenant-limited directory asks of the store, for one tenant. */
export interface TenantLookup {
  /** The roles with these ids (any owner). */
  roles(roleIds: readonly string[]): Promise<RecipientRole[]>;
  /** Every role of the tenant. */
  tenantRoles(): Promise<RecipientRole[]>;
  /** Those of the organisations that belong to the tenant. */
  orgsOfTenant(orgIds: readonly string[]): Promise<string[]>;
  /** Those of the users that belong to the tenant. */
  usersOfTenant(userIds: readonly string[]): Promise<string[]>;
}

/** `base` limited to one tenant: its roles, its organisations, its users (see the comment above). */
export function tenantDirectory(base: Directory, tenantId: string, lookup: TenantLookup): Directory {
  let own: Promise<RecipientRole[]> | null = null;
  const mapRoles = async (roleIds: readonly string[]) => {
    if (roleIds.length === 0) return [];
    own ??= lookup.tenantRoles();
    const [asked, tenantRoles] = await Promise.all([lookup.roles(roleIds), own]);
    return tenantRolesFor(asked, tenantId, tenantRoles);
  };
  const orgs = async (orgIds: readonly string[]) => (orgIds.length === 0 ? [] : lookup.orgsOfTenant(orgIds));
  return {
    async usersWithRoles(roleIds) {
      const roles = await mapRoles(roleIds);
      return roles.length === 0 ? [] : lookup.usersOfTenant(await base.usersWithRoles(roles));
    },
    async usersInOrgs(orgIds) {
      const inside = await orgs(orgIds);
      return inside.length === 0 ? [] : lookup.usersOfTenant(await base.usersInOrgs(inside));
    },
    async usersInOrgsWithRole(orgIds, roleId) {
      const [inside, [role]] = await Promise.all([orgs(orgIds), mapRoles([roleId])]);
      if (inside.length === 0 || role === undefined) return [];
      return lookup.usersOfTenant(await base.usersInOrgsWithRole(inside, role));
    },
    // A tenant's record names only its own users (within), whichever company its field names.
    async usersOfCompaniesWithRole(companyIds, roleId) {
      return lookup.usersOfTenant(await base.usersOfCompaniesWithRole(companyIds, roleId));
    },
    orgsOfUsers: (userIds) => base.orgsOfUsers(userIds),
    org: (orgId) => base.org(orgId),
    within: (userIds) => (userIds.length === 0 ? Promise.resolve([]) : lookup.usersOfTenant(userIds)),
  };
}
