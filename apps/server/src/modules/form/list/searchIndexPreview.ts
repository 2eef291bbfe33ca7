/**
 * The publish preview's lines for list-search indexes (issue 16): what 发布 will build and drop,
 * named by the control whose column they serve, as the designer sees the other table changes.
 */
import type { FormMeta } from '@park/core';
import { buildFormModel } from '../formModel.ts';
import { formTable } from '../tableNames.ts';
import type { SearchIndexPlan } from './searchIndexKeeper.ts';
import { wantedSearchIndexes, type SearchIndex, type SearchIndexKind } from './searchIndexes.ts';

export interface SearchIndexChange {
  action: 'create' | 'drop';
  name: string;
  kind: SearchIndexKind | null;
  /** What the index does, in the designer's words. */
  purpose: string;
  column: string;
  /** The control owning the column, by its display name. */
  control: string;
}

const PURPOSE: Record<SearchIndexKind, string> = {
  trgm: '模糊查询（字母、数字片段）',
  gram: '模糊查询（中文及一两个字的片段）',
  eq: '按选项筛选并按时间排序',
};

export interface SearchIndexPreview {
  changes: SearchIndexChange[];
  /** Without pg_trgm the gram index serves every fragment (ADR 0014); the preview says so. */
  trgmAvailable: boolean;
  /** Builds run after 发布, in the background, without blocking record writes. */
  note: string;
}

function wantedOf(formId: string, meta: FormMeta | null): Map<string, SearchIndex> {
  if (!meta) return new Map();
  const table = buildFormModel(formId, '', 0, 0, structuredClone(meta)).main;
  return new Map(wantedSearchIndexes(meta, table, true).map((w) => [w.name, w]));
}

export function searchIndexChanges(
  formId: string,
  plan: SearchIndexPlan,
  published: FormMeta | null,
  controlOf: (qualified: string) => string,
): SearchIndexPreview {
  const main = formTable(formId);
  const before = wantedOf(formId, published);
  const line = (action: 'create' | 'drop', name: string, index: SearchIndex | undefined): SearchIndexChange => ({
    action,
    name,
    kind: index?.kind ?? null,
    purpose: index ? PURPOSE[index.kind] : '不再需要的检索索引',
    column: index?.column ?? '',
    control: index ? controlOf(`${main}.${index.column}`) : '',
  });
  return {
    changes: [...plan.create.map((c) => line('create', c.name, c)), ...plan.drop.map((n) => line('drop', n, before.get(n)))],
    trgmAvailable: plan.trgmAvailable,
    note: plan.trgmAvailable ? '发布后在后台建立，不影响数据录入' : '数据库未安装 pg_trgm，模糊查询使用字片段索引',
  };
}
