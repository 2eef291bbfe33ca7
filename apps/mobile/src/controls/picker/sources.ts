/**
 * Where each picker's candidates come from on the phone: the same calls as the desktop's pickers
 * (spec 000 §7 "System pickers"; apps/web/src/controls/picker/sources.ts) — the control's remoteUrl
 * when it is one of ours, else the platform's own lookup; users by wd, companies by companyName
 * (type 1), roles by condition; organisations and dictionaries as trees, searched here; a data
 * picker through the form's data source (datasource/table/querydata) or its remoteUrl. A phone
 * lists them with a search box instead of a table, so only the label and a line under it are kept.
 */
import { PICKER_NO_CONFIG, PICKER_URL_EMPTY, pickerKindOf, type FormControl, type PickerKind } from '@park/core';
import { get, postForm } from '../../lib/http.ts';
import { isObject, optionsOf, textOf } from '../common/values.ts';

export const MOBILE_PICKER_PAGE_SIZE = 20;

export interface Candidate {
  id: string;
  label: string;
  /** A second line: a user's organisation, a company's region. */
  note: string;
  raw: Record<string, unknown>;
}

export interface CandidatePage {
  rows: Candidate[];
  total: number;
}

export interface CandidateQuery {
  control: FormControl;
  formId: number;
  keyword: string;
  pageNum: number;
  getValue(model: string): unknown;
  signal?: AbortSignal;
}

type Query = Record<string, string | number | undefined>;

const DEFAULT_URL: Record<Exclude<PickerKind, 'data'>, string> = {
  org: '/api/user/listOrgTree',
  user: '/api/user/listUser',
  company: '/api/company/queryAllCompanyInfo',
  role: '/api/user/listRole',
  dic: '/api/user/listDicCatalog',
};

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
/** A designer's address must be one of our own API paths. */
const localUrl = (v: string) => (v.startsWith('/') && !v.startsWith('//') ? v : null);

function listOf(reply: Record<string, unknown>, keys: string[]): Record<string, unknown>[] {
  for (const key of keys) {
    const v = reply[key];
    if (Array.isArray(v)) return v.filter(isObject);
  }
  return [];
}

function namesOf(list: unknown, key: string): string {
  return Array.isArray(list) ? list.filter(isObject).map((x) => textOf(x[key])).filter(Boolean).join('，') : '';
}

/** urlParams: t=0 takes the value of the form's field v, t=1 is v itself (spec 000 §3). */
export function urlParamValues(params: unknown, getValue: (model: string) => unknown): Query {
  const out: Query = {};
  if (!Array.isArray(params)) return out;
  for (const p of params.filter(isObject)) {
    const key = trimmed(p.k);
    if (!key) continue;
    if (String(p.t) === '0') {
      const v = getValue(textOf(p.v));
      out[key] = isObject(v) ? textOf(v.id) : Array.isArray(v) ? v.map(textOf).join(',') : textOf(v);
    } else out[key] = textOf(p.v);
  }
  return out;
}

function flattenTree(list: Record<string, unknown>[], idKey: string, labelKey: string, path: string[] = []): Candidate[] {
  return list.flatMap((raw) => {
    const label = textOf(raw[labelKey]);
    const children = Array.isArray(raw.children) ? raw.children.filter(isObject) : [];
    return [{ id: textOf(raw[idKey]), label, note: path.join(' / '), raw }, ...flattenTree(children, idKey, labelKey, [...path, label])];
  });
}

function pageLocally(all: Candidate[], keyword: string, pageNum: number): CandidatePage {
  const k = keyword.trim();
  const hits = k ? all.filter((c) => c.label.includes(k) || c.note.includes(k)) : all;
  return { rows: hits.slice((pageNum - 1) * MOBILE_PICKER_PAGE_SIZE, pageNum * MOBILE_PICKER_PAGE_SIZE), total: hits.length };
}

function atPath(value: unknown, path: string): unknown {
  let at: unknown = value;
  for (const part of path.split('.').filter(Boolean)) {
    if (!isObject(at)) return undefined;
    at = at[part];
  }
  return at;
}

function mapsOf(control: FormControl): Record<string, unknown> {
  const maps = optionsOf(control).maps;
  return isObject(maps) ? maps : {};
}

function dataCandidate(raw: Record<string, unknown>, maps: Record<string, unknown>): Candidate {
  const source = isObject(maps.source) ? maps.source : {};
  const columns = Array.isArray(source.columns) ? source.columns.filter(isObject).map((c) => textOf(c.column)).filter(Boolean) : [];
  const idKey = trimmed(maps.key) || 'id';
  const nameKey = trimmed(maps.name) || columns[0] || idKey;
  const note = columns.filter((c) => c !== nameKey).map((c) => textOf(raw[c])).filter(Boolean).join(' · ');
  return { id: textOf(raw[idKey]) || textOf(raw.id), label: textOf(raw[nameKey]), note, raw };
}

async function loadData(q: CandidateQuery): Promise<CandidatePage> {
  const options = optionsOf(q.control);
  const maps = mapsOf(q.control);
  const remote = trimmed(options.remoteUrl);
  const selectType = textOf(options.dataSelectType);
  const extra = urlParamValues(options.urlParams, q.getValue);
  if (selectType === '1' || (selectType !== '0' && remote !== '')) {
    const target = localUrl(remote);
    if (!target) throw new PickerConfigError(PICKER_URL_EMPTY);
    const reply = await postForm<Record<string, unknown>>(target, { pageNum: q.pageNum, pageSize: MOBILE_PICKER_PAGE_SIZE, condition: q.keyword, ...extra }, { signal: q.signal });
    const list = atPath(reply, trimmed(options.remoteDataPoint) || 'datas');
    const rows = (Array.isArray(list) ? list.filter(isObject) : []).map((raw) => dataCandidate(raw, maps));
    return { rows, total: Number(reply.totalCount ?? rows.length) || rows.length };
  }
  const source = isObject(maps.source) ? maps.source : {};
  if (!trimmed(source.table)) throw new PickerConfigError(PICKER_NO_CONFIG);
  const reply = await get<Record<string, unknown>>(
    '/api/form/datasource/table/querydata',
    { formId: q.formId, fk: textOf(q.control.key), cond: q.keyword, pageNum: q.pageNum, pageSize: MOBILE_PICKER_PAGE_SIZE, ...extra },
    { signal: q.signal },
  );
  const rows = listOf(reply, ['datas', 'list']).map((raw) => dataCandidate(raw, maps));
  return { rows, total: Number(reply.totalCount ?? rows.length) || 0 };
}

/** m_data_ref: records of another form through the form-data chooser's call (keyType 0). */
async function loadDataRef(q: CandidateQuery, dsConf: Record<string, unknown>): Promise<CandidatePage> {
  const destFormId = textOf(dsConf.formId);
  if (!destFormId) throw new PickerConfigError(PICKER_NO_CONFIG);
  const columns = Array.isArray(dsConf.columns) ? dsConf.columns.filter(isObject).map((c) => textOf(c.column ?? c.key)).filter(Boolean) : [];
  const labelKey = trimmed(dsConf.key) || columns[0] || 'id';
  const reply = await get<Record<string, unknown>>(
    '/api/form/queryFormDataForChoose',
    { formId: q.formId, key: textOf(q.control.key) || textOf(q.control.model), destFormId, destSubKey: textOf(dsConf.subKey), pageNum: q.pageNum, pageSize: MOBILE_PICKER_PAGE_SIZE, condition: q.keyword, keyType: 0 },
    { signal: q.signal },
  );
  const rows = listOf(reply, ['datas']).map((raw) => ({
    id: textOf(raw.id),
    label: textOf(raw[labelKey]),
    note: columns.filter((c) => c !== labelKey).map((c) => textOf(raw[c])).filter(Boolean).join(' · '),
    raw,
  }));
  return { rows, total: Number(reply.totalCount ?? rows.length) || 0 };
}

/** The picker has no source to ask: the spec's warning (接口地址为空 / 未选择任何的数据配置项). */
export class PickerConfigError extends Error {}

/** One page of a picker's candidates under a keyword. */
export async function loadCandidates(q: CandidateQuery): Promise<CandidatePage> {
  const kind = pickerKindOf(String(q.control.type));
  const dsConf = optionsOf(q.control).dsConf;
  if (kind === 'data' && isObject(dsConf) && !isObject(optionsOf(q.control).maps)) return loadDataRef(q, dsConf);
  if (kind === 'data') return loadData(q);
  const options = optionsOf(q.control);
  const target = localUrl(trimmed(options.remoteUrl)) ?? DEFAULT_URL[kind];
  const extra = urlParamValues(options.urlParams, q.getValue);
  const paging = { pageNum: q.pageNum, pageSize: MOBILE_PICKER_PAGE_SIZE };
  const opts = { signal: q.signal };
  if (kind === 'user') {
    const reply = await get<Record<string, unknown>>(target, { ...extra, ...paging, wd: q.keyword }, opts);
    const rows = listOf(reply, ['datas', 'list']).map((raw) => ({
      id: textOf(raw.id),
      label: textOf(raw.realName) || textOf(raw.username),
      note: textOf(raw.orgName) || namesOf(raw.orgList, 'orgName'),
      raw,
    }));
    return { rows, total: Number(reply.totalCount ?? rows.length) || 0 };
  }
  if (kind === 'company') {
    const reply = await get<Record<string, unknown>>(target, { ...extra, ...paging, type: 1, companyName: q.keyword }, opts);
    const rows = listOf(reply, ['datas', 'list']).map((raw) => ({ id: textOf(raw.id), label: textOf(raw.companyName), note: textOf(raw.administrativeAreaName), raw }));
    return { rows, total: Number(reply.totalCount ?? rows.length) || 0 };
  }
  if (kind === 'role') {
    const reply = await get<Record<string, unknown>>(target, extra, opts);
    const all = listOf(reply, ['datas', 'list']).map((raw) => ({ id: textOf(raw.id), label: textOf(raw.roleName), note: textOf(raw.remark), raw }));
    return pageLocally(all, q.keyword, q.pageNum);
  }
  // Organisations and dictionaries come whole, as trees; the phone lists them flat with their path.
  const reply = await get<Record<string, unknown>>(target, kind === 'dic' ? { ...extra, typeCode: textOf(q.control.typeCode) } : extra, opts);
  const list = listOf(reply, ['departManage', 'datas', 'list', 'children']);
  const all = kind === 'org' ? flattenTree(list, 'id', 'orgName') : flattenTree(list, 'code', 'name');
  return pageLocally(all, q.keyword, q.pageNum);
}
