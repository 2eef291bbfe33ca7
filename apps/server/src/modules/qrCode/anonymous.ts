import crypto from 'node:crypto';
import { sql } from 'kysely';
import { qrAddValues, QR_ACCESS_TEXT, type CurrentUser } from '@park/core';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/authContext.ts';
import { badRequest, forbidden, notFound } from '../../plugins/errors.ts';
import { servedFormMeta, type RecordActor } from '../form/index.ts';
import { describeEntry, resolveToken, type ResolvedQr } from './service.ts';

/*
 * 免登录填报 (issue 39, ADR 0055): a 新增 entry marked anonymous is filled without a session. What
 * it reaches is that entry's form only: its design (to draw the page), a challenge, and one add
 * with the entry's presets forced, checked as addformdata checks. Records are written as the
 * disabled qr_anonymous account in the form's company, and qr_record_source names the entry.
 */

const CHALLENGE_TTL_MS = 5 * 60_000;

/**
 * The entry behind a token, only when it is a shown, anonymous 新增 entry: a forged or revoked
 * token 404s (the phone says 二维码已失效 at once), a live entry that needs a login 403s (the phone
 * goes on to the login). Nothing else opens.
 */
export async function resolveAnonymous(ctx: AppContext, token: string): Promise<ResolvedQr> {
  const r = await resolveToken(ctx, token);
  if (r.kind !== 'add' || r.entry.anonymous !== true) throw forbidden(QR_ACCESS_TEXT.anonymousOnly);
  return r;
}

/** The form's company: an anonymous record belongs to the form's owner (null: the park). */
async function formCompany(ctx: AppContext, formId: string): Promise<number | null> {
  const row = await ctx.db.selectFrom('form_conf').select('company_id').where('id', '=', formId).executeTakeFirst();
  if (!row) throw notFound(QR_ACCESS_TEXT.revoked);
  return row.company_id === null ? null : Number(row.company_id);
}

/** What the anonymous page draws: the entry and the form's design (the park's design, as a park form). */
export async function anonymousForm(ctx: AppContext, token: string, params: Record<string, string>) {
  const r = await resolveAnonymous(ctx, token);
  const model = await ctx.forms.load(ctx.db, r.formId);
  if (model.status !== 0) throw badRequest('表单已停用');
  return { entry: describeEntry(r, params), formConf: { formId: Number(r.formId), formName: model.formName, formMeta: servedFormMeta(model.meta) } };
}

/** A fresh arithmetic question; its answer stays on the server, usable once, for five minutes. */
export async function issueChallenge(ctx: AppContext, token: string): Promise<{ challengeId: string; question: string }> {
  const r = await resolveAnonymous(ctx, token);
  const a = crypto.randomInt(1, 20);
  const b = crypto.randomInt(1, 20);
  const id = crypto.randomBytes(16).toString('hex');
  await sql`delete from qr_challenge where expires_at < now()`.execute(ctx.db);
  await sql`insert into qr_challenge (id, token_id, answer, expires_at) values (${id}, ${r.entry.tokenId!}, ${String(a + b)}, ${new Date(Date.now() + CHALLENGE_TTL_MS)})`.execute(ctx.db);
  return { challengeId: id, question: `${a} + ${b} = ?` };
}

/** Takes the challenge away whatever the answer (single use); throws unless it was this entry's and right. */
async function consumeChallenge(ctx: AppContext, tokenId: string, id: unknown, answer: unknown): Promise<void> {
  if (typeof id !== 'string' || !/^[0-9a-f]{32}$/.test(id) || (typeof answer !== 'string' && typeof answer !== 'number')) throw badRequest(QR_ACCESS_TEXT.challengeRequired);
  const { rows } = await sql<{ token_id: string; answer: string }>`delete from qr_challenge where id = ${id} and expires_at >= now() returning token_id, answer`.execute(ctx.db);
  const found = rows[0];
  if (!found || found.token_id !== tokenId || found.answer !== String(answer).trim()) throw badRequest(QR_ACCESS_TEXT.challengeWrong);
}

/** The disabled account anonymous records are written as (status 1: it can never log in), made once. */
async function anonymousAccount(ctx: AppContext): Promise<string> {
  await sql`insert into sys_user (username, password_hash, real_name, status) values ('qr_anonymous', '!', '匿名', 1) on conflict (username) do nothing`.execute(ctx.db);
  return String((await ctx.db.selectFrom('sys_user').select('id').where('username', '=', 'qr_anonymous').executeTakeFirstOrThrow()).id);
}

// Per app (tests run several apps on different databases in one process).
const anonymousIds = new WeakMap<AppContext, string>();
async function anonymousActor(ctx: AppContext, companyId: number | null, entryName: string): Promise<RecordActor> {
  let anonymousUserId = anonymousIds.get(ctx);
  if (!anonymousUserId) anonymousIds.set(ctx, (anonymousUserId = await anonymousAccount(ctx)));
  const user: CurrentUser = { id: Number(anonymousUserId), username: 'qr_anonymous', realName: '匿名', userType: companyId === null ? 0 : 1, sex: null, orgList: [], roleList: [], companyId };
  const auth: AuthContext = {
    sessionId: 'qr-anonymous', userId: anonymousUserId, user, enableCompanyPermission: false, mustChangePassword: false,
    permissions: { isSuper: false, codes: new Set(), scopes: new Map(), orgTree: [] },
  };
  return { cause: 'qrCode', auth, log: { module: '二维码', prefix: `免登录填报「${entryName}」` } };
}

const CHALLENGE_KEYS = ['challengeId', 'challengeAnswer'];

/** One anonymous record: challenge first, then the entry's presets forced, then addformdata's checks. */
export async function addAnonymously(ctx: AppContext, token: string, params: Record<string, string>, body: Record<string, unknown>, clientIp: string) {
  const r = await resolveAnonymous(ctx, token);
  await consumeChallenge(ctx, r.entry.tokenId!, body.challengeId, body.challengeAnswer);
  const input = Object.fromEntries(Object.entries(body).filter(([k]) => !CHALLENGE_KEYS.includes(k)));
  const companyId = await formCompany(ctx, r.formId);
  const model = await ctx.forms.loadFor(ctx.db, r.formId, companyId === null ? null : String(companyId));
  if (model.status !== 0) throw badRequest('表单已停用');
  for (const [k, v] of Object.entries(input)) if (model.subs.has(k) && v !== undefined && v !== '') throw badRequest(QR_ACCESS_TEXT.noSubTables);
  const actor = await anonymousActor(ctx, companyId, r.entry.name);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await ctx.records.insertOne(trx, model, model.main, qrAddValues(r.entry, params, input), actor);
    await sql`insert into qr_record_source (form_id, record_id, entry_token_id, entry_name, client_ip) values (${r.formId}, ${String(row.id)}, ${r.entry.tokenId!}, ${r.entry.name}, ${clientIp})`.execute(trx);
    return row;
  });
}
