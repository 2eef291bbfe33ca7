import crypto from 'node:crypto';
import { sql } from 'kysely';
import { qrAddValues, QR_ACCESS_TEXT, type CurrentUser } from '@park/core';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/authContext.ts';
import { badRequest, forbidden, notFound } from '../../plugins/errors.ts';
import { fileIdsOf, servedFormMeta, type FormModel, type RecordActor } from '../form/index.ts';
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

/** The disabled account's auth in the form's company: what anonymous records and uploads are written as. */
async function anonymousAuth(ctx: AppContext, companyId: number | null): Promise<AuthContext> {
  let anonymousUserId = anonymousIds.get(ctx);
  if (!anonymousUserId) anonymousIds.set(ctx, (anonymousUserId = await anonymousAccount(ctx)));
  const user: CurrentUser = { id: Number(anonymousUserId), username: 'qr_anonymous', realName: '匿名', userType: companyId === null ? 0 : 1, sex: null, orgList: [], roleList: [], companyId };
  return {
    sessionId: 'qr-anonymous', userId: anonymousUserId, user, enableCompanyPermission: false, mustChangePassword: false,
    permissions: { isSuper: false, codes: new Set(), scopes: new Map(), orgTree: [] },
  };
}

async function anonymousActor(ctx: AppContext, companyId: number | null, entryName: string): Promise<RecordActor> {
  return { cause: 'qrCode', auth: await anonymousAuth(ctx, companyId), log: { module: '二维码', prefix: `免登录填报「${entryName}」` } };
}

const CHALLENGE_ID = /^[0-9a-f]{32}$/;

/**
 * An upload on the anonymous page (a photo of the visitor's pass): allowed only with a live
 * challenge of this entry, which the add will then answer; the file is written as the disabled
 * account in the form's company and tied to that challenge (qr_upload). Nobody can read it until
 * a record references it, and then only who may read that record (modules/file's rule).
 */
export async function uploadAnonymously<T extends { id: string }>(ctx: AppContext, token: string, challengeId: unknown, clientIp: string, store: (auth: AuthContext) => Promise<T[]>): Promise<T[]> {
  const r = await resolveAnonymous(ctx, token);
  if (typeof challengeId !== 'string' || !CHALLENGE_ID.test(challengeId)) throw badRequest(QR_ACCESS_TEXT.challengeRequired);
  const live = await sql`select 1 from qr_challenge where id = ${challengeId} and token_id = ${r.entry.tokenId!} and expires_at >= now()`.execute(ctx.db);
  if (live.rows.length === 0) throw badRequest(QR_ACCESS_TEXT.challengeRequired);
  const { rows: held } = await sql<{ n: number }>`select count(*)::int as n from qr_upload where challenge_id = ${challengeId}`.execute(ctx.db);
  if ((held[0]?.n ?? 0) >= MAX_UPLOADS_PER_CHALLENGE) throw badRequest(QR_ACCESS_TEXT.tooManyFiles);
  const files = await store(await anonymousAuth(ctx, await formCompany(ctx, r.formId)));
  for (const f of files) await sql`insert into qr_upload (file_id, token_id, challenge_id, client_ip) values (${f.id}, ${r.entry.tokenId!}, ${challengeId}, ${clientIp})`.execute(ctx.db);
  return files;
}

/** Files one anonymous submission may carry (a few photos, not a file server). */
export const MAX_UPLOADS_PER_CHALLENGE = 10;

/** The file ids the input names that were not uploaded with this challenge (they are refused). */
async function foreignFiles(ctx: AppContext, model: FormModel, input: Record<string, unknown>, challengeId: string): Promise<boolean> {
  const ids = [...fileIdsOf(model.main, input)];
  if (ids.length === 0) return false;
  const { rows } = await sql<{ file_id: string }>`select file_id::text from qr_upload where challenge_id = ${challengeId} and file_id = any(${ids}::bigint[])`.execute(ctx.db);
  return rows.length !== ids.length;
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
  // Only the files sent with this very challenge: another visitor's upload is not this record's.
  if (await foreignFiles(ctx, model, qrAddValues(r.entry, params, input), String(body.challengeId))) throw badRequest(QR_ACCESS_TEXT.foreignFile);
  const actor = await anonymousActor(ctx, companyId, r.entry.name);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await ctx.records.insertOne(trx, model, model.main, qrAddValues(r.entry, params, input), actor);
    await sql`insert into qr_record_source (form_id, record_id, entry_token_id, entry_name, client_ip) values (${r.formId}, ${String(row.id)}, ${r.entry.tokenId!}, ${r.entry.name}, ${clientIp})`.execute(trx);
    return row;
  });
}
