import type { Recipient } from './types.ts';

/**
 * What recipient resolution needs to know about people (DESIGN.md §10): users, their organisations
 * and roles, and each organisation's parent and leader (主管). The server implements it over
 * sys_user / sys_org; tests over plain maps.
 */
export interface Directory {
  /** Enabled users holding any of the roles (directly or through an organisation). */
  usersWithRoles(roleIds: readonly string[]): Promise<string[]>;
  /** Enabled members of the organisations. */
  usersInOrgs(orgIds: readonly string[]): Promise<string[]>;
  /** Enabled members of the organisations who hold the role. */
  usersInOrgsWithRole(orgIds: readonly string[], roleId: string): Promise<string[]>;
  /**
   * Enabled users of the companies (sys_user.company_id) who hold the role — the role itself, or the
   * company's own role of the same code (a tenant's copy of it).
   */
  usersOfCompaniesWithRole(companyIds: readonly string[], roleId: string): Promise<string[]>;
  /** The organisations the users belong to. */
  orgsOfUsers(userIds: readonly string[]): Promise<string[]>;
  org(orgId: string): Promise<{ parentId: string | null; leaderId: string | null } | null>;
  /**
   * The users among these a resolution may name, when it is limited (a tenant's record names only
   * the tenant's users, tenantRecipients.ts); absent: everyone found.
   */
  within?(userIds: readonly string[]): Promise<string[]>;
}

export interface RecipientContext {
  /** The trigger record (stored columns). */
  record: Readonly<Record<string, unknown>>;
  /** Who made the change: the record's creator for 发起人. */
  initiatorId: string | null;
}

export const SUPERVISOR_LEVELS = [1, 2, 3, 4, 5] as const;
/** Organisations walked upwards at most, so a cycle in the tree cannot hang a resolution. */
const MAX_ORG_DEPTH = 32;

/** Ids held by a picker value: a single id, comma-joined ids, a JSON list of {k, v}, or an object {k}. */
export function idsOfValue(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value.flatMap(idsOfValue);
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return idsOfValue(o.k ?? o.id ?? null);
  }
  const text = String(value).trim();
  if (text.startsWith('[') || text.startsWith('{')) {
    try {
      return idsOfValue(JSON.parse(text));
    } catch {
      return [];
    }
  }
  return text.split(',').map((s) => s.trim()).filter((s) => /^\d+$/.test(s));
}

const ids = (list: ReadonlyArray<{ roleId?: unknown } | undefined> | undefined) =>
  (list ?? []).map((x) => String(x?.roleId ?? '')).filter(Boolean);

/**
 * The supervisor `level` levels up from each of the user's organisations: level 1 is the nearest
 * leader other than the user, level 2 the next leader above that, and so on. An organisation
 * without a leader is passed over.
 */
async function supervisors(dir: Directory, userId: string, level: number): Promise<string[]> {
  const out: string[] = [];
  for (const start of await dir.orgsOfUsers([userId])) {
    let orgId: string | null = start;
    let found = 0;
    let last: string | null = null;
    const seen = new Set<string>();
    for (let depth = 0; orgId && depth < MAX_ORG_DEPTH && !seen.has(orgId); depth++) {
      seen.add(orgId);
      const org = await dir.org(orgId);
      if (!org) break;
      // One person leading two nested organisations is one level, not two.
      if (org.leaderId && org.leaderId !== userId && org.leaderId !== last) {
        found += 1;
        last = org.leaderId;
        if (found === level) {
          out.push(org.leaderId);
          break;
        }
      }
      orgId = org.parentId;
    }
  }
  return out;
}

type Resolver = (r: Recipient, ctx: RecipientContext, dir: Directory) => Promise<string[]>;

async function perRole(list: Array<{ roleId: unknown }>, orgs: (item: { roleId: unknown; model?: string }) => Promise<string[]>, dir: Directory) {
  const out: string[] = [];
  for (const item of list) out.push(...(await dir.usersInOrgsWithRole(await orgs(item), String(item.roleId))));
  return out;
}

/** One resolver per recipient type (spec 001 §3.4). */
export const RECIPIENT_RESOLVERS: Record<0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10, Resolver> = {
  0: (r, _ctx, dir) => dir.usersWithRoles(ids(r.role)),
  1: async (r, _ctx, dir) => {
    const people = r.person ?? [];
    const users = people.filter((p) => String(p.type ?? '1') !== '0').map((p) => String(p.id));
    const orgs = people.filter((p) => String(p.type ?? '1') === '0').map((p) => String(p.id));
    return [...users, ...(orgs.length > 0 ? await dir.usersInOrgs(orgs) : [])];
  },
  2: async (r, ctx, dir) => (ctx.initiatorId ? supervisors(dir, ctx.initiatorId, Number(r.leader ?? 1)) : []),
  3: async (_r, ctx) => (ctx.initiatorId ? [ctx.initiatorId] : []),
  4: async (r, ctx) => idsOfValue(ctx.record[r.model ?? '']),
  5: (r, _ctx, dir) => perRole(r.orgAndRole ?? [], async (item) => [String((item as { orgId?: unknown }).orgId ?? '')], dir),
  6: (r, ctx, dir) => perRole(r.dyncUserAndRole ?? [], (item) => dir.orgsOfUsers(idsOfValue(ctx.record[item.model ?? ''])), dir),
  7: (r, ctx, dir) => {
    const roles = (r.cuserOrgAndRole ?? []).length > 0 ? r.cuserOrgAndRole! : (r.role ?? []);
    return perRole(roles, async () => (ctx.initiatorId ? dir.orgsOfUsers([ctx.initiatorId]) : []), dir);
  },
  8: (r, ctx, dir) => perRole(r.dyncOrgAndRole ?? [], async (item) => idsOfValue(ctx.record[item.model ?? '']), dir),
  10: async (r, ctx, dir) => {
    const out: string[] = [];
    for (const item of r.dyncCompanyAndRole ?? []) out.push(...(await dir.usersOfCompaniesWithRole(idsOfValue(ctx.record[item.model ?? '']), String(item.roleId))));
    return out;
  },
  9: async (r, ctx, dir) => {
    if (!recipientConditionsHold(r, ctx.record)) return [];
    return [...(await RECIPIENT_RESOLVERS[1](r, ctx, dir)), ...(ids(r.role).length > 0 ? await dir.usersWithRoles(ids(r.role)) : [])];
  },
};

const OPTS: Record<string, (a: string, b: string) => boolean> = {
  $eq: (a, b) => a === b,
  $like: (a, b) => a.includes(b),
  $gt: (a, b) => Number(a) > Number(b),
  $gte: (a, b) => Number(a) >= Number(b),
  $lt: (a, b) => Number(a) < Number(b),
  $lte: (a, b) => Number(a) <= Number(b),
};

/** Type 9's condition list (spec 001 §3.4 {key, opt, value}): every condition must hold. */
export function recipientConditionsHold(r: Recipient, record: Readonly<Record<string, unknown>>): boolean {
  return (r.conditions ?? []).every((c) => {
    const test = OPTS[c.opt] ?? OPTS.$eq!;
    return test(String(record[c.key] ?? ''), String(c.value ?? ''));
  });
}

export function isRecipientType(t: unknown): t is keyof typeof RECIPIENT_RESOLVERS {
  return typeof t === 'number' && Number.isInteger(t) && t >= 0 && t <= 10;
}

/** The user ids a recipient rule names for this record, each once, in a stable order. */
export async function resolveRecipients(r: Recipient, ctx: RecipientContext, dir: Directory): Promise<string[]> {
  const type = Number(r.type);
  if (!isRecipientType(type)) return [];
  const found = [...new Set((await RECIPIENT_RESOLVERS[type](r, ctx, dir)).filter((id) => id !== ''))];
  return dir.within ? dir.within(found) : found;
}
