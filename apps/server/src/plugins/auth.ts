import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
// request.cookies is @fastify/cookie's (registered in app.ts); its types come with this file, whoever compiles it.
import type {} from '@fastify/cookie';
import { BASE_PATH, PASSWORD_CHANGE_REQUIRED, type NoLoginReply, type PasswordChangeReply } from '@park/core';
import type { AppContext } from '../context.ts';
import type { AuthContext } from './authContext.ts';
import { errorBody } from './errors.ts';
import { allows } from './authContext.ts';

export const SESSION_COOKIE = 'park_sid';
export const INGEST_PREFIX = '/api/ingest/';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** A GET that changes data (the spec's batch delete, mark-read…) needs the same CSRF guard as a POST. */
    mutates?: boolean;
    /** The permission code a caller's roles must grant (see modules/user/permissions.ts). */
    permission?: string;
    /** Answered while the caller's generated password is unchanged (the password change itself). */
    beforePasswordChange?: boolean;
  }
}

/** Where the login page should send the user back to: the page that made the call, if it is ours. */
function loginRedirect(request: FastifyRequest): string {
  let back = `${BASE_PATH}/`;
  const referer = request.headers.referer;
  if (referer) {
    try {
      const url = new URL(referer);
      if (url.host === request.headers.host && url.pathname.startsWith(BASE_PATH) && !url.pathname.startsWith(`${BASE_PATH}/login`)) {
        back = url.pathname + url.search;
      }
    } catch {
      /* not a URL: keep the default */
    }
  }
  return `${BASE_PATH}/login?redirect=${encodeURIComponent(back)}`;
}

export function sendNoLogin(request: FastifyRequest, reply: FastifyReply) {
  const body: NoLoginReply = { errorcode: 'no login', redirect: loginRedirect(request) };
  return reply.status(401).send(body);
}

/**
 * Every /api call needs a live session, and a password the platform generated changed first
 * (issue 42: until then only the routes marked `beforePasswordChange` are answered). Calls that change data must also carry
 * X-Requested-With: a cross-site page cannot add that header without a CORS preflight,
 * which this server never grants, so the SameSite=Lax cookie alone cannot be abused.
 */
export function registerAuth(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request, reply) => {
    const url = request.url;
    if (!url.startsWith('/api/')) return;
    // Devices report with their own tokens (modules/park/devices/deviceAuth.ts), never a session.
    if (url.startsWith(INGEST_PREFIX)) return;
    const token = request.cookies[SESSION_COOKIE];
    const auth = token ? await ctx.sessions.resolve(token) : null;
    if (!auth) return sendNoLogin(request, reply);
    request.auth = auth;
    const mutating = request.method !== 'GET' && request.method !== 'HEAD';
    const config = request.routeOptions.config;
    if ((mutating || config?.mutates) && !request.headers['x-requested-with']) {
      return reply.status(403).send(errorBody(403, '非法请求：缺少请求标识'));
    }
    if (auth.mustChangePassword && !config?.beforePasswordChange) {
      const body: PasswordChangeReply = { errCode: 403, errMsg: PASSWORD_CHANGE_REQUIRED, errorcode: 'change password' };
      return reply.status(403).send(body);
    }
    if (config?.permission && !allows(auth.permissions, config.permission)) {
      return reply.status(403).send(errorBody(403, '您无权执行此操作'));
    }
  });
}

/** The authenticated caller; /api routes only run after registerAuth has set it. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new Error('authOf called on a route outside /api');
  return request.auth;
}
