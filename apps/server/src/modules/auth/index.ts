/**
 * The auth module's face (issue 45, ADR 0033): every other module, app.ts, bootstrap.ts, the jobs,
 * seeds and command-line tools import the module only through this file (a job thread through
 * worker.ts, re-exported here). It gives the login routes, the services bootstrap.ts puts on
 * AppContext (ctx.events, ctx.keys, ctx.limiter, ctx.sessions), the signed-in user's type and the
 * password helpers the administration console, company registration and the seeds share.
 */
export * from './worker.ts';
export { authRoutes } from './routes.ts';
export { AuthEvents } from './authEvents.ts';
export { loadOrCreateLoginKeys } from './keys.ts';
export { LoginLimiter } from './loginLimiter.ts';
export { TOO_MANY_LOGINS } from './messages.ts';
export { generatePassword, hashPassword, verifyPassword } from './passwordHash.ts';
export { passwordHashOf, setPasswordHash } from './repo.ts';
export { openSealedPassword, purgeNonces } from './sealedPassword.ts';
export { SessionStore, type AuthContext } from './sessions.ts';
