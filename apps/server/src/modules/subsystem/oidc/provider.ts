import Provider, { interactionPolicy, type KoaContextWithOIDC } from 'oidc-provider';
import { BASE_PATH } from '@park/core';
import type { AppContext } from '../../../context.ts';
import { SESSION_COOKIE } from '../../../plugins/auth.ts';
import { pgAdapter } from './adapter.ts';
import { claimsOf, OIDC_CLAIMS, OIDC_SCOPES } from './claims.ts';
import { clientFinder } from './clients.ts';
import { loadOrCreateOidcKeys } from './keys.ts';

export const OIDC_PATH = `${BASE_PATH}/oidc`;
export const interactionPath = (uid: string) => `${OIDC_PATH}/interaction/${uid}`;

/** The platform's own session behind a provider request (the park_sid cookie), or null. */
async function platformUser(ctx: KoaContextWithOIDC, app: AppContext): Promise<string | null> {
  const token = ctx.cookies.get(SESSION_COOKIE, { signed: false });
  const auth = token ? await app.sessions.resolve(token) : null;
  return auth && !auth.mustChangePassword ? auth.userId : null;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (title: string, body: string) =>
  `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
  `<body style="font-family:sans-serif;max-width:420px;margin:80px auto;text-align:center">${body}</body></html>`;

/**
 * The platform as the OpenID Connect provider of its sub-systems (ADR 0040). The provider's own
 * session follows the platform's: a login prompt is required whenever the park_sid session is gone
 * or belongs to someone else, so signing out of the platform signs out of every sub-system's next
 * request, and a sub-system's logout (end_session) ends the platform session too.
 */
export async function createOidcProvider(app: AppContext): Promise<Provider> {
  const { db } = app;
  const keys = await loadOrCreateOidcKeys(app.config.dataDir);
  const issuer = app.config.oidcIssuer || `http://localhost:${app.config.port}${OIDC_PATH}`;

  const policy = interactionPolicy.base();
  policy.get('login')!.checks.add(
    new interactionPolicy.Check('platform_session', '需要登录平台', 'login_required', async (ctx) => {
      const userId = await platformUser(ctx, app);
      return userId === null || userId !== ctx.oidc.session?.accountId ? interactionPolicy.Check.REQUEST_PROMPT : interactionPolicy.Check.NO_NEED_TO_PROMPT;
    }),
  );

  const provider = new Provider(issuer, {
    adapter: pgAdapter(db, clientFinder(db, app.reports.secrets)),
    jwks: keys.jwks,
    cookies: { keys: keys.cookieKeys, long: { signed: true, httpOnly: true, sameSite: 'lax' }, short: { signed: true, httpOnly: true, sameSite: 'lax' } },
    scopes: OIDC_SCOPES,
    claims: OIDC_CLAIMS,
    conformIdTokenClaims: false,
    pkce: { required: () => true, methods: ['S256'] },
    responseTypes: ['code'],
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.body = page(
            '退出登录',
            `${form}<p>确认退出平台及所有子系统的登录吗？</p><button type="submit" form="op.logoutForm" name="logout" value="yes">退出登录</button>`,
          );
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.body = page('已退出登录', '<p>已退出登录</p>');
        },
      },
    },
    interactions: { url: (_ctx, interaction) => interactionPath(interaction.uid), policy },
    findAccount: async (_ctx, sub) => {
      const claims = await claimsOf(db, sub);
      return claims ? { accountId: sub, claims: async () => ({ ...claims }) } : undefined;
    },
    // Sub-systems are the park's own, registered by its administrators: no consent screen.
    loadExistingGrant: async (ctx) => {
      const { oidc } = ctx;
      const accountId = oidc.session?.accountId;
      if (!oidc.client || !accountId) return undefined;
      const existing = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(oidc.client.clientId);
      if (existing) {
        const grant = await oidc.provider.Grant.find(existing);
        if (grant) return grant;
      }
      const grant = new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId });
      grant.addOIDCScope(OIDC_SCOPES.join(' '));
      await grant.save();
      return grant;
    },
    ttl: { AccessToken: 3600, AuthorizationCode: 60, IdToken: 3600, RefreshToken: 8 * 3600, Interaction: 600, Session: 8 * 3600, Grant: 8 * 3600 },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = page('单点登录失败', `<p>单点登录失败：${escapeHtml(String(out.error_description ?? out.error))}</p>`);
    },
  });
  provider.proxy = process.env.TRUST_PROXY === '1';

  // A confirmed sub-system logout ends the platform session as well (after the provider's own).
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.method === 'POST' && ctx.path === '/session/end/confirm' && ctx.status === 303) {
      const token = ctx.cookies.get(SESSION_COOKIE, { signed: false });
      if (token) await app.sessions.destroy(token);
      ctx.cookies.set(SESSION_COOKIE, null, { signed: false, path: '/' });
    }
  });
  return provider;
}
