import type { FastifyInstance } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import { Type, type Static } from '@fastify/type-provider-typebox';
import { REGISTER_DIC_TYPES, REGISTRATION_TEXT, type CodeNameOption } from '@park/core';
import type { AppContext } from '../../context.ts';
import { tooManyRequests } from '../../plugins/errors.ts';
import { pgRateLimitStore } from '../../plugins/pgRateLimitStore.ts';
import { dicChildrenByCode } from '../lookup/index.ts';
import { registerCompany } from './register.ts';

/*
 * Every field is an optional, bounded string here: the Chinese required and format messages come
 * from the shared rules (packages/core/src/company/registration.ts), not from the schema. Extra
 * keys (status, roleIds, tenantId, userType…) are accepted and never read.
 */
const Str = (max: number) => Type.Optional(Type.Union([Type.String({ maxLength: max }), Type.Null()]));
const RegisterBody = Type.Object({
  companyInfo: Type.Object({
    companyName: Str(500),
    administrativeAreaCode: Str(50),
    administrativeAreaName: Str(500),
    address: Str(500),
    lat: Str(50),
    lnt: Str(50),
    industryCode: Str(100),
    industryName: Str(500),
    industyType: Str(500),
    economicTypeCode: Str(100),
    economicTypeName: Str(500),
    companyCode: Str(100),
  }),
  user: Type.Object({
    userName: Str(100),
    ps: Str(2048),
    ps1: Str(2048),
    realName: Str(500),
    sex: Str(10),
    jobs: Str(500),
    phone: Str(100),
    officePhone: Str(100),
    email: Str(500),
  }),
});

const DicQuery = Type.Object({
  typeCode: Type.Union(REGISTER_DIC_TYPES.map((t) => Type.Literal(t))),
});

/** Dictionaries the public page reads are few and small; generous per address. */
const PUBLIC_DIC_LIMIT = { max: 120, timeWindow: '1 minute' };

/**
 * The public side of enterprise registration (issue 6), under /apc: the register call, rate
 * limited per client address, and the two small dictionaries and the map settings the page needs
 * before anyone is logged in.
 */
export function companyRegisterRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tooMany = () => tooManyRequests(REGISTRATION_TEXT.tooMany);

  // The registration itself: counted in PostgreSQL, so the limit per address holds however many
  // server instances share the database.
  void app.register(async (scope) => {
    await scope.register(fastifyRateLimit, { global: false, store: pgRateLimitStore(ctx.db), errorResponseBuilder: tooMany });
    scope.post(
      '/apc/company/companyRegistered',
      {
        schema: { body: RegisterBody },
        config: { rateLimit: { max: Math.max(1, ctx.config.registrationsPerMinute), timeWindow: '1 minute' } },
        bodyLimit: 64 * 1024,
      },
      async (request) => {
        await registerCompany(ctx, request, request.body as Static<typeof RegisterBody>);
        // Nothing about the new rows: the page only needs to know it worked.
        return { errCode: 0 };
      },
    );
  });

  // Small public reads: counted in memory, per instance, which is enough to stop a loop.
  void app.register(async (scope) => {
    // Registered here, for these routes only, unless the app already registered it for everyone.
    if (!scope.hasDecorator('rateLimit')) {
      await scope.register(fastifyRateLimit, { global: false, errorResponseBuilder: tooMany });
    }

    scope.get(
      '/apc/company/getRegisterDic',
      { schema: { querystring: DicQuery }, config: { rateLimit: PUBLIC_DIC_LIMIT } },
      async (request) => {
        const { typeCode } = request.query as Static<typeof DicQuery>;
        const datas: CodeNameOption[] = (await dicChildrenByCode(ctx.db, typeCode, null)).map((n) => ({ code: n.code, name: n.name }));
        return { errCode: 0, datas };
      },
    );

    // The map dialog's tile and geocoder settings (as /api/form/gisConfig), for the public page.
    scope.get('/apc/company/gisConfig', { config: { rateLimit: PUBLIC_DIC_LIMIT } }, async () => {
      const gis = ctx.config.gis;
      return {
        errCode: 0,
        gisConfig: {
          tileUrl: gis.tileUrl,
          tileSubdomains: gis.tileSubdomains,
          attribution: gis.tileAttribution,
          reverseGeocodeUrl: gis.reverseGeocodeUrl,
          searchUrl: gis.searchUrl,
        },
      };
    });
  });
}
