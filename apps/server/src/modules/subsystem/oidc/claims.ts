import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

/** What a signed-in user is to a sub-system: the scopes and the claims each carries. */
export const OIDC_SCOPES = ['openid', 'profile', 'park', 'offline_access'];
export const OIDC_CLAIMS = {
  openid: ['sub'],
  profile: ['name', 'preferred_username'],
  park: ['tenant', 'organisations', 'roles'],
};

export interface ParkClaims {
  sub: string;
  name: string;
  preferred_username: string;
  /** The user's tenant (ADR 0034: a company), null for the park's own users. */
  tenant: { id: number; name: string } | null;
  organisations: { id: number; name: string }[];
  roles: { id: number; name: string }[];
}

/** Read at every claims request, so a change of name, organisation or role is seen at once. Never the password. */
export async function claimsOf(db: Kysely<Database>, userId: string): Promise<ParkClaims | undefined> {
  const user = await db
    .selectFrom('sys_user')
    .leftJoin('sys_company', 'sys_company.id', 'sys_user.company_id')
    .select(['sys_user.id', 'sys_user.username', 'sys_user.real_name', 'sys_user.status', 'sys_user.company_id', 'sys_company.company_name'])
    .where('sys_user.id', '=', userId)
    .executeTakeFirst();
  if (!user || user.status !== 0) return undefined;
  const [orgs, roles] = await Promise.all([
    db
      .selectFrom('sys_user_org')
      .innerJoin('sys_org', 'sys_org.id', 'sys_user_org.org_id')
      .select(['sys_org.id', 'sys_org.org_name as name'])
      .where('sys_user_org.user_id', '=', userId)
      .orderBy('sys_org.id')
      .execute(),
    db
      .selectFrom('sys_user_role')
      .innerJoin('sys_role', 'sys_role.id', 'sys_user_role.role_id')
      .select(['sys_role.id', 'sys_role.role_name as name'])
      .where('sys_user_role.user_id', '=', userId)
      .orderBy('sys_role.id')
      .execute(),
  ]);
  return {
    sub: String(user.id),
    name: user.real_name,
    preferred_username: user.username,
    tenant: user.company_id ? { id: Number(user.company_id), name: user.company_name ?? '' } : null,
    organisations: orgs.map((o) => ({ id: Number(o.id), name: o.name })),
    roles: roles.map((r) => ({ id: Number(r.id), name: r.name })),
  };
}
