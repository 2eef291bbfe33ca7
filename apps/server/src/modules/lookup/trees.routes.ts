import type { FastifyInstance } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import { Type, type Static } from '@fastify/type-provider-typebox';
import type { CodeTreeReply } from '@park/core';
import type { AppContext } from '../../context.ts';
import { DIC } from '../../db/reference/dictionaries.ts';
import { tooManyRequests } from '../../plugins/errors.ts';
import { dicChildrenByCode, regionChildren } from './trees.repo.ts';

const RegionQuery = Type.Object({ parentCode: Type.Optional(Type.String({ pattern: '^\\d{0,12}$' })) });
const IndustryQuery = Type.Object({ parentCode: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_.\\-]{0,64}$' })) });

/** Per client address; the registration page opens a level per click, so this is generous. */
const PUBLIC_TREE_LIMIT = { max: 300, timeWindow: '1 minute' };

// Named here before trees.repo.ts existed.
export { dicChildrenByCode, regionChildren } from './trees.repo.ts';

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
