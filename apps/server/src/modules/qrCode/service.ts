import crypto from 'node:crypto';
import {
  cleanQrCodeConf, qrAddValues, defaultQrCodeConf, qrCodeConfProblem, qrPresetValues, qrSubTableRules, QR_LIST_KINDS, QR_TEXT,
  type QrCodeConf, type QrEntry, type QrListKind,
} from '@park/core';
import type { AppContext } from '../../context.ts';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AuthContext } from '../../plugins/authContext.ts';
import { authOf } from '../../plugins/auth.ts';
import { requireFormAction, subModel, type FormModel } from '../form/index.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import { companyScopeOf } from '../../plugins/scope.ts';
import { findFormSet, qrConfsOf, signKey, upsertQrCodeConf } from './repo.ts';
import { newTokenId, signToken, verifyToken } from './token.ts';
import { rowCondition } from './subRows.ts';

/** 二维码设置 (issue 39, ADR 0050): the form's QR configuration, its tokens and what a token opens. */

export const MOBILE_BASE = '/closed-park-web/m';

let cachedKey: string | null = null;
async function key(ctx: AppContext): Promise<string> {
  cachedKey ??= await signKey(ctx.db, crypto.randomBytes(32).toString('hex'));
  return cachedKey;
}

/** The form as the caller reaches it (404 for another tenant's), with its field keys. */
async function formOf(ctx: AppContext, auth: AuthContext, formId: string) {
  const model = await ctx.forms.loadFor(ctx.db, formId, companyScopeOf(auth));
  return { model, formName: model.formName, keys: fieldKeysOf(model) };
}

function fieldKeysOf(model: FormModel): Set<string> {
  const keys = new Set<string>();
  for (const t of [model.main, ...model.subs.values()]) for (const c of t.controls) if (c.model) keys.add(c.model);
  return keys;
}

/** Each sub-table's field keys (its 字段权限 may name only those). */
function subTableKeysOf(model: FormModel): Map<string, Set<string>> {
  return new Map([...model.subs].map(([subKey, t]) => [subKey, new Set(t.controls.flatMap((c) => (c.model ? [String(c.model)] : [])))]));
}

async function storedConf(ctx: AppContext, formId: string): Promise<QrCodeConf | null> {
  const row = await findFormSet(ctx.db, formId);
  return (row?.qr_code_conf as QrCodeConf | null | undefined) ?? null;
}

/**
 * queryFormSetByFormId's qrCodeConf, as JSON text (the original's default before anything is saved).
 * The route itself is 提醒设置's (modules/remind), which asks this for the QR half of the reply.
 */
export async function qrCodeConfText(ctx: AppContext, formId: string): Promise<string> {
  return JSON.stringify((await storedConf(ctx, formId)) ?? defaultQrCodeConf(Number(formId)));
}

/**
 * How many QR entries (新增填报 / 查看数据 / 编辑数据) each of these forms has, by form id: an
 * application's export says they stay behind (ADR 0064).
 */
export async function qrEntryCounts(db: Kysely<Database>, formIds: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const row of await qrConfsOf(db, formIds)) {
    const conf = row.qr_code_conf as Partial<Record<(typeof QR_LIST_KINDS)[number], unknown[]>> | null;
    const n = QR_LIST_KINDS.reduce((sum, kind) => sum + (Array.isArray(conf?.[kind]) ? conf[kind].length : 0), 0);
    if (n > 0) out.set(String(row.form_id), n);
  }
  return out;
}

/** Saves the whole configuration; an entry without a tokenId (new, or regenerated) gets a fresh one. */
export async function saveQrCodeConf(ctx: AppContext, auth: AuthContext, body: QrCodeConf): Promise<void> {
  const formId = String(Number(body.formId));
  await writeConf(ctx.db, formId, body, (await formOf(ctx, auth, formId)).model);
}

/**
 * The same save for a park form with no caller: an application's seed printing its demo codes
 * (巡检's checkpoints, apps/inspection), in the seed's transaction, through the same checks.
 */
export async function saveParkQrCodeConf(ctx: AppContext, db: Kysely<Database>, body: QrCodeConf): Promise<void> {
  const formId = String(Number(body.formId));
  await writeConf(db, formId, body, await ctx.forms.loadFor(db, formId, null));
}

async function writeConf(db: Kysely<Database>, formId: string, body: QrCodeConf, model: FormModel): Promise<void> {
  const conf = cleanQrCodeConf(body);
  const problem = qrCodeConfProblem(conf, Number(formId), fieldKeysOf(model), subTableKeysOf(model));
  if (problem) throw badRequest(problem);
  // Each 数据权限 is parsed as a scan will read it (a field's kind decides its operators): refused now, not at the scan.
  for (const kind of ['query', 'edit'] as const) {
    for (const e of conf[kind]) for (const rule of qrSubTableRules(kind, e, [...model.subs.keys()]).values()) {
      const table = model.subs.get(rule.subKey)!;
      rowCondition(table, rule.rowCond);
      rowCondition(table, rule.editCond);
    }
  }
  for (const kind of QR_LIST_KINDS) for (const e of conf[kind]) e.tokenId ??= newTokenId();
  await upsertQrCodeConf(db, formId, conf);
}

/** Every entry's token and mobile address, for the designer to print. */
export async function entryCodes(ctx: AppContext, auth: AuthContext, formId: string) {
  return (await formCodes(ctx, auth, formId)).codes;
}

/**
 * The QR sheet's labels: the shown entries (a hidden one's code answers 404, so printing it helps
 * nobody), all of them or the one named by list and name, each with its absolute address.
 */
export async function sheetOf(ctx: AppContext, auth: AuthContext, formId: string, origin: string, pick: { kind?: QrListKind; name?: string }) {
  const { formName, codes } = await formCodes(ctx, auth, formId);
  const labels = codes
    .filter((c) => c.isShow && (!pick.kind || c.kind === pick.kind) && (pick.name === undefined || c.name === pick.name))
    .map((c) => ({ kind: c.kind, name: c.name, address: `${origin}${c.url}` }));
  if (labels.length === 0) throw notFound(QR_TEXT.nothingToPrint);
  return { formName, labels };
}

async function formCodes(ctx: AppContext, auth: AuthContext, formId: string) {
  const { formName } = await formOf(ctx, auth, formId);
  const codes = await codesOf(ctx, formId);
  return { formName, codes };
}

async function codesOf(ctx: AppContext, formId: string) {
  const conf = await storedConf(ctx, formId);
  if (!conf) return [];
  const k = await key(ctx);
  return QR_LIST_KINDS.flatMap((kind) =>
    conf[kind].filter((e) => e.tokenId).map((e) => {
      const token = signToken(k, formId, e.tokenId!);
      return { kind, name: e.name, isShow: e.isShow, anonymous: e.anonymous === true, token, url: `${MOBILE_BASE}/qr/${token}` };
    }),
  );
}

export interface ResolvedQr {
  formId: string;
  kind: QrListKind;
  entry: QrEntry;
}

/** The shown entry a token names; 404 for a forged, revoked or hidden one. */
export async function resolveToken(ctx: AppContext, token: string): Promise<ResolvedQr> {
  const named = verifyToken(await key(ctx), token);
  if (!named) throw notFound(QR_TEXT.notFound);
  const conf = await storedConf(ctx, named.formId);
  for (const kind of QR_LIST_KINDS) {
    const entry = conf?.[kind].find((e) => e.tokenId === named.tokenId);
    if (entry && entry.isShow) return { formId: named.formId, kind, entry };
  }
  throw notFound(QR_TEXT.notFound);
}

/** What the phone needs to open the entry: mode, presets (with the code's parameters), locked fields. */
export function describeEntry(r: ResolvedQr, params: Record<string, string>) {
  const fields = r.entry.content.parent;
  return {
    formId: Number(r.formId),
    mode: r.kind,
    name: r.entry.name,
    anonymous: r.entry.anonymous === true,
    recordId: r.entry.recordId ?? null,
    presets: r.kind === 'add' ? qrPresetValues(r.entry, params) : {},
    readOnly: fields.filter((f) => f.readOnly || f.auth === 'read').map((f) => f.key),
    fields: fields.map((f) => f.key),
  };
}

/**
 * 新增 through a code (signed in): the caller still needs the form's add permission (a code grants
 * nothing); the entry's read-only presets are forced, then the records API checks and writes as for
 * addformdata.
 */
export async function addThroughCode(ctx: AppContext, request: FastifyRequest, token: string, params: Record<string, string>, body: Record<string, unknown>) {
  const r = await resolveToken(ctx, token);
  if (r.kind !== 'add') throw notFound(QR_TEXT.notFound);
  requireFormAction(request, r.formId, 'add');
  const model = await ctx.forms.loadFor(ctx.db, r.formId, companyScopeOf(authOf(request)));
  if (model.status !== 0) throw badRequest('表单已停用');
  const { parent, child } = withChildren(body);
  if (!child) return ctx.records.add(ctx.db, request, model, qrAddValues(r.entry, params, parent));
  // A checkpoint's round carries its items as sub-table rows: one transaction, as addpcformdata.
  const children = child.map((c) => ({ table: subModel(model, c.subKey), rows: c.subDatas }));
  return ctx.records.addWithChildren(ctx.db, request, model, qrAddValues(r.entry, params, parent), children);
}

type ChildRows = Array<{ subKey: string; subDatas: Array<Record<string, unknown>> }>;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The flat record the phone sends, or addpcformdata's {parent, child} when sub-table rows go along. */
function withChildren(body: Record<string, unknown>): { parent: Record<string, unknown>; child: ChildRows | null } {
  if (!isObject(body.parent) || body.child === undefined) return { parent: body, child: null };
  const child = body.child;
  const ok = Array.isArray(child) && child.length <= 20 &&
    child.every((c) => isObject(c) && typeof c.subKey === 'string' && Array.isArray(c.subDatas) && c.subDatas.length <= 1000 && c.subDatas.every(isObject));
  if (!ok) throw badRequest('请求体格式不正确');
  return { parent: body.parent, child: child as ChildRows };
}

/** The printable sheet's PDF, pdfkit loaded only when a sheet is asked for (as the route does). */
export async function renderQrSheet(ctx: AppContext, formName: string, labels: Awaited<ReturnType<typeof sheetOf>>['labels']): Promise<Buffer> {
  const [{ buildQrSheet }, { pdfFontOf }] = await Promise.all([import('./sheet.ts'), import('./pdfFont.ts')]);
  return buildQrSheet(formName, labels, pdfFontOf(ctx.config.pdfFont));
}
