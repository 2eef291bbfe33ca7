import type { FastifyInstance } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import { Type, type Static } from '@fastify/type-provider-typebox';
import type { CodeTreeNode, CodeTreeReply } from '@park/core';
import { sql, type Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { DIC } from '../../db/seeds/dictionaries.ts';
import { tooManyRequests } from '../../plugins/errors.ts';

const RegionQuery = Type.Object({ parentCode: Type.Optional(Type.String({ pattern: '^\\d{0,12}$' })) });
const IndustryQuery = Type.Object({ parentCode: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_.\\-]{0,64}$' })) });

/** Per client address; the registration page opens a level per click, so this is generous. */
const PUBLIC_TREE_LIMIT = { max: 300, timeWindow: '1 minute' };

export async function regionChildren(db: Kysely<Database>, parentCode: string | null): Promise<CodeTreeNode[]> {
  let q = db
    .selectFrom('sys_region as r')
    .select(['r.code', 'r.name', 'r.level'])
    .select((eb) => eb.exists(eb.selectFrom('sys_region as c').select('c.code').whereRef('c.parent_code', '=', 'r.code')).as('has_children'))
    .orderBy('r.code');
  q = parentCode === null ? q.where('r.parent_code', 'is', null) : q.where('r.parent_code', '=', parentCode);
  const rows = await q.execute();
  return rows.map((r) => ({ code: r.code, name: r.name, level: r.level, isLeaf: !r.has_children }));
}

/** Children of a dictionary entry found by code (null: the top level), in the dictionary's order. */
export async function dicChildrenByCode(db: Kysely<Database>, typeCode: string, parentCode: string | null): Promise<CodeTreeNode[]> {
  const rows = await sql<{ code: string; name: string; has_children: boolean }>`
    select c.code, c.name,
           exists (select 1 from sys_dic_catalog k where k.parent_id = c.id) as has_children
    from sys_dic_catalog c
    join sys_dic_type t on t.id = c.type_id and t.type_code = ${typeCode}
    where ${
      parentCode === null
        ? sql`c.parent_id is null`
        : sql`c.parent_id = (select p.id from sys_dic_catalog p where p.type_id = t.id and p.code = ${parentCode})`
    }
    order by c.order_index, c.id`.execute(db);
  return rows.rows.map((r) => ({ code: r.code, name: r.name, isLeaf: !r.has_children }));
}

/**
 * The public trees of enterprise registration (spec 000 §2, §7): administrative regions and
 * supervision types (监管类型), one level per call by parent code, roots when it is empty.
 * Under /apc, so no session is needed; each address is rate-limited.
 */
export function lookupTreeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  void app.register(async (scope) => {
    // Registered here, for these routes only, unless the app already registered it for everyone.
    if (!scope.hasDecorator('rateLimit')) {
      await scope.register(fastifyRateLimit, {
        global: false,
        errorResponseBuilder: () => tooManyRequests('请求过于频繁，请稍后再试'),
      });
    }

    scope.get(
      '/apc/company/getAdministrativeDic',
      { schema: { querystring: RegionQuery }, config: { rateLimit: PUBLIC_TREE_LIMIT } },
      async (request): Promise<CodeTreeReply> => {
        const parent = (request.query as Static<typeof RegionQuery>).parentCode || null;
        return { errCode: 0, children: await regionChildren(db, parent) };
      },
    );

    scope.get(
      '/apc/company/getIndustryDic',
      { schema: { querystring: IndustryQuery }, config: { rateLimit: PUBLIC_TREE_LIMIT } },
      async (request): Promise<CodeTreeReply> => {
        const parent = (request.query as Static<typeof IndustryQuery>).parentCode || null;
        return { errCode: 0, children: await dicChildrenByCode(db, DIC.supervisionType, parent) };
      },
    );
  });
}
