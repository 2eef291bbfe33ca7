import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import { BASE_PATH } from '@park/core';
import type { AppContext } from '../../../context.ts';
import { SESSION_COOKIE } from '../../../plugins/auth.ts';
import { createOidcProvider, interactionPath, OIDC_PATH } from './provider.ts';

/**
 * Mounts the provider (a Koa app) under OIDC_PATH. Its routes read their own bodies, so this scope
 * has no body parsers: the token endpoint's form body reaches the provider untouched.
 */
export async function oidcRoutes(app: FastifyInstance, ctx: AppContext): Promise<Provider> {
  const provider = await createOidcProvider(ctx);
  const callback = provider.callback();

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

    /*
     * The login step: a user signed in to the platform is not asked again; one who is not goes to
     * the platform's login page, which comes back here. Consent is never asked (loadExistingGrant).
     */
    scope.get(`${OIDC_PATH}/interaction/:uid`, async (request, reply) => {
      const { uid } = request.params as { uid: string };
      const token = request.cookies[SESSION_COOKIE];
      const auth = token ? await ctx.sessions.resolve(token) : null;
      if (!auth || auth.mustChangePassword) {
        return reply.redirect(`${BASE_PATH}/login?redirect=${encodeURIComponent(interactionPath(uid))}`);
      }
      reply.hijack();
      try {
        const details = await provider.interactionDetails(request.raw, reply.raw);
        if (details.uid !== uid) throw new Error('interaction mismatch');
        await provider.interactionFinished(request.raw, reply.raw, { login: { accountId: auth.userId } }, { mergeWithLastSubmission: false });
      } catch {
        reply.raw.statusCode = 400;
        reply.raw.setHeader('content-type', 'text/plain; charset=utf-8');
        reply.raw.end('单点登录请求已失效，请从子系统重新登录');
      }
    });

    scope.all(`${OIDC_PATH}/*`, (request, reply) => {
      reply.hijack();
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice(OIDC_PATH.length) || '/';
      void callback(raw, reply.raw);
    });
  });
  return provider;
}
