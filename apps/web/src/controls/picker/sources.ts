/**
 * Where each picker's candidates come from (spec 000 §7 "System pickers", issue 7 §3): the
 * control's remoteUrl when the design gives one, else the platform's own call. Tables page by
 * 10 with a keyword (wd for users, companyName for companies, condition otherwise); trees load
 * whole. `desc` in a reply names the columns.
 */
import {
  PICKER_NO_CONFIG,
  PICKER_URL_EMPTY,
  type FormControl,
  type MapsConfig,
  type UrlParam,
} from '@park/core';
import { get, postForm, type Query } from '../../lib/http.ts';
import { isObject, optionsOf, textOf } from '../common/values.ts';

export type PickerKind = 'org' | 'user' | 'company' | 'role' | 'dic' | 'data';

export interface PickerRecord {
  id: string;
  label: string;
  raw: Record<string, unknown>;
  children?: PickerRecord[];
}

export interface PickerColumn {
  key: string;
  title: string;
}

export interface TablePage {
  rows: PickerRecord[];
  total: number;
  columns: PickerColumn[];
}

export const PICKER_PAGE_SIZE = 10;

export interface PickerSourceContext {
  control: FormControl;
  formId: number | null;
  getValue(model: string): unknown;
}

export type PickerSource =
  | {
      mode: 'table';
      load(page: {
        pageNum: number;
        keyword: string;
        orgId?: string;
        signal: AbortSignal;
      }): Promise<TablePage>;
    }
  | { mode: 'tree'; load(signal: AbortSignal): Promise<PickerRecord[]> };

export type SourceResult =
  { ok: true; source: PickerSource; orgFilter: boolean } | { ok: false; warning: string };

const DEFAULT_URL: Record<Exclude<PickerKind, 'data'>, string> = {
  org: '/api/user/listOrgTree',
  user: '/api/user/listUser',
  company: '/api/company/queryAllCompanyInfo',
  role: '/api/user/listRole',
  dic: '/api/user/listDicCatalog',
};

const USER_COLUMNS: PickerColumn[] = [
  { key: 'username', title: '用户名' },
  { key: 'realName', title: '姓名' },
  { key: 'orgName', title: '所属组织' },
  { key: 'phone', title: '手机号码' },
  { key: 'email', title: '邮箱' },
  { key: 'roleName', title: '角色' },
];
const COMPANY_COLUMNS: PickerColumn[] = [
  { key: 'companyName', title: '企业名称' },
  { key: 'administrativeAreaName', title: '行政区划' },
  { key: 'industryName', title: '行业' },
  { key: 'industyType', title: '行业类别' },
  { key: 'economicTypeName', title: '经济类型' },
  { key: 'companyCode', title: '统一社会信用代码' },
];
const ORG_COLUMNS: PickerColumn[] = [{ key: 'orgName', title: '组织名称' }];
const ROLE_COLUMNS: PickerColumn[] = [
  { key: 'roleName', title: '角色名称' },
  { key: 'remark', title: '备注' },
];
const DIC_COLUMNS: PickerColumn[] = [
  { key: 'code', title: '编码' },
  { key: 'name', title: '名称' },
];

const url = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** A designer's address must be one of our own API paths. */
function localUrl(value: string): string | null {
  return value.startsWith('/') && !value.startsWith('//') ? value : null;
}

function listOf(reply: Record<string, unknown>, keys: string[]): Record<string, unknown>[] {
  for (const key of keys) {
    const v = reply[key];
    if (Array.isArray(v)) return v.filter(isObject);
  }
  return [];
}

function columnsFrom(desc: unknown, fallback: PickerColumn[]): PickerColumn[] {
  if (!isObject(desc)) return fallback;
  const cols = Object.entries(desc)
    .filter(([, title]) => typeof title === 'string' && title !== '')
    .map(([key, title]) => ({ key, title: title as string }));
  return cols.length > 0 ? cols : fallback;
}

function namesOf(list: unknown, key: string): string {
  return Array.isArray(list)
    ? list
        .filter(isObject)
        .map((x) => textOf(x[key]))
        .filter(Boolean)
        .join('，')
    : '';
}

function userRecord(raw: Record<string, unknown>): PickerRecord {
  const orgName = textOf(raw.orgName) || namesOf(raw.orgList, 'orgName');
  const roleName = textOf(raw.roleName) || namesOf(raw.roleList, 'roleName');
  return {
    id: textOf(raw.id),
    label: textOf(raw.realName) || textOf(raw.username),
    raw: { ...raw, orgName, roleName },
  };
}

function treeOf(
  list: Record<string, unknown>[],
  idKey: string,
  labelKey: string,
  childKey = 'children',
): PickerRecord[] {
  return list.map((raw) => {
    const children = Array.isArray(raw[childKey])
      ? treeOf((raw[childKey] as unknown[]).filter(isObject), idKey, labelKey, childKey)
      : [];
    const node: PickerRecord = { id: textOf(raw[idKey]), label: textOf(raw[labelKey]), raw };
    if (children.length > 0) node.children = children;
    return node;
  });
}

export function flattenTree(nodes: PickerRecord[]): PickerRecord[] {
  return nodes.flatMap((n) => [n, ...flattenTree(n.children ?? [])]);
}

/** A whole list filtered and paged in the browser (trees shown as tables). */
function pageLocally(
  all: PickerRecord[],
  keyword: string,
  pageNum: number,
  columns: PickerColumn[],
): TablePage {
  const k = keyword.trim();
  const hits =
    k === ''
      ? all
      : all.filter((r) => r.label.includes(k) || columns.some((c) => textOf(r.raw[c.key]).includes(k)));
  return {
    rows: hits.slice((pageNum - 1) * PICKER_PAGE_SIZE, pageNum * PICKER_PAGE_SIZE),
    total: hits.length,
    columns,
  };
}

/** urlParams: t=0 takes the value of the form's field v, t=1 is v itself (spec 000 §3). */
export function urlParamValues(params: unknown, getValue: (model: string) => unknown): Query {
  const out: Query = {};
  if (!Array.isArray(params)) return out;
  for (const p of params.filter(isObject) as UrlParam[]) {
    const key = url(p.k);
    if (!key) continue;
    if (String(p.t) === '0') {
      const v = getValue(textOf(p.v));
      out[key] = isObject(v)
        ? textOf(v.id)
        : Array.isArray(v)
          ? v.map(textOf).join(',')
          : textOf(v) || (typeof v === 'boolean' ? String(v) : '');
    } else {
      out[key] = textOf(p.v);
    }
  }
  return out;
}

/** Reads a dotted path ("data.records") out of a reply. */
export function atPath(value: unknown, path: string): unknown {
  let at: unknown = value;
  for (const part of path.split('.').filter(Boolean)) {
    if (!isObject(at)) return undefined;
    at = at[part];
  }
  return at;
}

function mapsOf(control: FormControl): MapsConfig {
  const maps = optionsOf(control).maps;
  return isObject(maps) ? (maps as MapsConfig) : {};
}

function mapsColumns(maps: MapsConfig): PickerColumn[] {
  const cols = Array.isArray(maps.source?.columns) ? maps.source.columns.filter(isObject) : [];
  return cols
    .map((c) => ({ key: textOf(c.column), title: textOf(c.name) || textOf(c.bakName) || textOf(c.column) }))
    .filter((c) => c.key !== '');
}

function dataRecord(raw: Record<string, unknown>, maps: MapsConfig, columns: PickerColumn[]): PickerRecord {
  const idKey = url(maps.key) || 'id';
  const nameKey = url(maps.name) || columns[0]?.key || idKey;
  return { id: textOf(raw[idKey]) || textOf(raw.id), label: textOf(raw[nameKey]), raw };
}

function dataSource(ctx: PickerSourceContext): SourceResult {
  const options = optionsOf(ctx.control);
  const maps = mapsOf(ctx.control);
  const remote = url(options.remoteUrl);
  const selectType = textOf(options.dataSelectType);
  const useRemote = selectType === '1' || (selectType !== '0' && remote !== '');
  const columns = mapsColumns(maps);
  if (useRemote) {
    const target = localUrl(remote);
    if (!target) return { ok: false, warning: PICKER_URL_EMPTY };
    const point = url(options.remoteDataPoint) || 'datas';
    return {
      ok: true,
      orgFilter: false,
      source: {
        mode: 'table',
        async load({ pageNum, keyword, signal }) {
          const reply = await postForm<Record<string, unknown>>(
            target,
            {
              pageNum,
              pageSize: PICKER_PAGE_SIZE,
              condition: keyword,
              ...urlParamValues(options.urlParams, ctx.getValue),
            },
            { signal },
          );
          const list = atPath(reply, point);
          const rows = (Array.isArray(list) ? list.filter(isObject) : []).map((raw) =>
            dataRecord(raw, maps, columns),
          );
          const cols = columnsFrom(
            reply.desc,
            columns.length > 0 ? columns : Object.keys(rows[0]?.raw ?? {}).map((k) => ({ key: k, title: k })),
          );
          return { rows, total: Number(reply.totalCount ?? rows.length) || rows.length, columns: cols };
        },
      },
    };
  }
  if (!url(maps.source?.table) || columns.length === 0) return { ok: false, warning: PICKER_NO_CONFIG };
  return {
    ok: true,
    orgFilter: false,
    source: {
      mode: 'table',
      async load({ pageNum, keyword, signal }) {
        const reply = await get<Record<string, unknown>>(
          '/api/form/datasource/table/querydata',
          {
            formId: ctx.formId ?? undefined,
            fk: textOf(ctx.control.key),
            cond: keyword,
            pageNum,
            pageSize: PICKER_PAGE_SIZE,
            ...urlParamValues(options.urlParams, ctx.getValue),
          },
          { signal },
        );
        const rows = listOf(reply, ['datas', 'list']).map((raw) => dataRecord(raw, maps, columns));
        return {
          rows,
          total: Number(reply.totalCount ?? rows.length) || 0,
          columns: columnsFrom(reply.desc, columns),
        };
      },
    },
  };
}

/** The picker's source for its kind and displayModel, or the spec's warning when it has none. */
export function pickerSource(kind: PickerKind, ctx: PickerSourceContext): SourceResult {
  if (kind === 'data') return dataSource(ctx);
  const options = optionsOf(ctx.control);
  const target = localUrl(url(options.remoteUrl)) ?? DEFAULT_URL[kind];
  const tree = url(options.displayModel) === 'tree';
  const extra = urlParamValues(options.urlParams, ctx.getValue);

  switch (kind) {
    case 'user':
      return {
        ok: true,
        orgFilter: tree,
        source: {
          mode: 'table',
          async load({ pageNum, keyword, orgId, signal }) {
            const reply = await get<Record<string, unknown>>(
              target,
              // The organisation tree narrows the list only when a node is chosen; until then an
              // orgId from urlParams stands (an undefined one would drop it from the query).
              { ...extra, pageNum, pageSize: PICKER_PAGE_SIZE, wd: keyword, ...(orgId ? { orgId } : {}) },
              { signal },
            );
            const rows = listOf(reply, ['datas', 'list']).map(userRecord);
            return {
              rows,
              total: Number(reply.totalCount ?? rows.length) || 0,
              columns: columnsFrom(reply.desc, USER_COLUMNS),
            };
          },
        },
      };
    case 'company':
      return {
        ok: true,
        orgFilter: false,
        source: {
          mode: 'table',
          async load({ pageNum, keyword, signal }) {
            const reply = await get<Record<string, unknown>>(
              target,
              { ...extra, pageNum, pageSize: PICKER_PAGE_SIZE, type: 1, companyName: keyword },
              { signal },
            );
            const rows = listOf(reply, ['datas', 'list']).map((raw) => ({
              id: textOf(raw.id),
              label: textOf(raw.companyName),
              raw,
            }));
            return {
              rows,
              total: Number(reply.totalCount ?? rows.length) || 0,
              columns: columnsFrom(reply.desc, COMPANY_COLUMNS),
            };
          },
        },
      };
    case 'role': {
      const loadAll = async (signal: AbortSignal) => {
        const reply = await get<Record<string, unknown>>(target, extra, { signal });
        return listOf(reply, ['datas', 'list']).map((raw) => ({
          id: textOf(raw.id),
          label: textOf(raw.roleName),
          raw,
        }));
      };
      if (tree) return { ok: true, orgFilter: false, source: { mode: 'tree', load: loadAll } };
      return {
        ok: true,
        orgFilter: false,
        source: {
          mode: 'table',
          async load({ pageNum, keyword, signal }) {
            const reply = await get<Record<string, unknown>>(
              target,
              { ...extra, pageNum, pageSize: PICKER_PAGE_SIZE, condition: keyword, roleName: keyword },
              { signal },
            );
            const rows = listOf(reply, ['datas', 'list']).map((raw) => ({
              id: textOf(raw.id),
              label: textOf(raw.roleName),
              raw,
            }));
            return {
              rows,
              total: Number(reply.totalCount ?? rows.length) || 0,
              columns: columnsFrom(reply.desc, ROLE_COLUMNS),
            };
          },
        },
      };
    }
    case 'org':
    case 'dic': {
      const typeCode = textOf(ctx.control.typeCode);
      const loadTree = async (signal: AbortSignal) => {
        const reply = await get<Record<string, unknown>>(
          target,
          kind === 'dic' ? { ...extra, typeCode } : extra,
          { signal },
        );
        const list = listOf(reply, ['departManage', 'datas', 'list', 'children']);
        return kind === 'org' ? treeOf(list, 'id', 'orgName') : treeOf(list, 'code', 'name');
      };
      if (tree) return { ok: true, orgFilter: false, source: { mode: 'tree', load: loadTree } };
      const columns = kind === 'org' ? ORG_COLUMNS : DIC_COLUMNS;
      return {
        ok: true,
        orgFilter: false,
        source: {
          mode: 'table',
          async load({ pageNum, keyword, signal }) {
            return pageLocally(flattenTree(await loadTree(signal)), keyword, pageNum, columns);
          },
        },
      };
    }
  }
}

/** The picker kind of a control type. */
export function pickerKindOf(type: string): PickerKind {
  const base = type.replace(/^m_/, '').replace(/_select$/, '');
  return (['org', 'user', 'company', 'role', 'dic', 'data'] as const).find((k) => k === base) ?? 'data';
}

export function mapsMappingOf(control: FormControl): Array<{ selectKey: string; model: string }> {
  const mapping = mapsOf(control).mapping;
  if (!Array.isArray(mapping)) return [];
  return mapping
    .filter(isObject)
    .map((m) => ({ selectKey: textOf(m.selectKey), model: textOf(m.model) }))
    .filter((m) => m.selectKey !== '' && m.model !== '');
}
