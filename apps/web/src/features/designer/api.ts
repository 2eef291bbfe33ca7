import { emptyDesign, parseFormMeta, type AdminMenu, type FormMeta } from '@park/core';
import { get, postJson } from '../../lib/http.ts';
import { addFullMenu, addRolesRelMenu, listMenu } from '../system/api.ts';

export interface DesignSource {
  formId: number;
  formName: string;
  /** The published design; a new form starts from an empty one. */
  meta: FormMeta;
  published: boolean;
  /** Counts publishes; a draft started from an older version is older than what is published. */
  designVersion: number;
}

export const designKey = (formId: number) => ['form-design', formId] as const;

export async function loadDesign(formId: number, signal?: AbortSignal): Promise<DesignSource> {
  const reply = await get<{ formName?: string; formMeta?: unknown; designVersion?: number }>(`/api/form/design/${formId}`, undefined, { signal });
  const parsed = reply.formMeta === null || reply.formMeta === undefined ? null : parseFormMeta(reply.formMeta);
  return {
    formId,
    formName: reply.formName ?? '',
    meta: parsed?.ok ? parsed.meta : emptyDesign(),
    published: Boolean(parsed?.ok),
    designVersion: reply.designVersion ?? 0,
  };
}

export interface ColumnChange {
  table: string;
  tableName: string;
  column: string;
  control: string;
}

/** A list-search index 发布 builds or drops (issue 16). */
export interface SearchIndexChange {
  action: 'create' | 'drop';
  name: string;
  purpose: string;
  column: string;
  control: string;
}

export interface PublishPlan {
  /** Absent from servers before issue 16. */
  searchIndexes?: { changes: SearchIndexChange[]; trgmAvailable: boolean; note: string };
  createdTables: string[];
  addedColumns: ColumnChange[];
  keptColumns: ColumnChange[];
  keptTables: string[];
  keptTypes: ColumnChange[];
}

/** The dry run of 发布: what the form's tables will get, and what they keep. */
export const previewPublish = (formId: number, formMeta: FormMeta) =>
  postJson<PublishPlan>('/api/form/saveformdesign/preview', { formId, formMeta }, { silent: true });

export const publishDesign = (formId: number, formMeta: FormMeta) =>
  postJson<{ addedColumns: string[] }>('/api/form/saveformdesign', { formId, formMeta }, { silent: true });

/** DESIGN §6.1: the list page of form N. */
export const listPagePath = (formId: number) => `/form/list/${formId}`;

function flatten(menus: AdminMenu[]): AdminMenu[] {
  return menus.flatMap((m) => [m, ...flatten(m.children ?? [])]);
}

/** The menus already opening this form's list page. */
export async function menusOfForm(formId: number, signal?: AbortSignal): Promise<{ tree: AdminMenu[]; existing: AdminMenu[] }> {
  const { menus } = await listMenu(undefined, signal);
  const path = listPagePath(formId);
  return { tree: menus, existing: flatten(menus).filter((m) => m.menuType === 'menu' && m.path === path) };
}

/**
 * Creates the list-page menu with its standard buttons (addFullMenu), then grants it, buttons
 * included, to the chosen roles on top of what they already have.
 */
export async function createFormMenu(input: {
  formId: number;
  name: string;
  parentId: number | null;
  iconName?: string | null;
  roleIds: number[];
}): Promise<number> {
  const { id } = await addFullMenu({
    parentId: input.parentId,
    name: input.name,
    path: listPagePath(input.formId),
    component: 'FormCustom',
    iconName: input.iconName ?? null,
  });
  if (input.roleIds.length === 0) return id;
  const all = flatten((await listMenu()).menus);
  const byId = new Map(all.map((m) => [m.id, m] as const));
  const granted = [id, ...(byId.get(id)?.children ?? []).map((c) => c.id)];
  // A menu's parents must be granted too, or the shell has no branch to hang it on.
  for (let parent = input.parentId; parent !== null; parent = byId.get(parent)?.parentId ?? null) granted.push(parent);
  for (const roleId of input.roleIds) {
    const { menuIds } = await listMenu(roleId);
    await addRolesRelMenu(roleId, [...new Set([...menuIds, ...granted])]);
  }
  return id;
}

/** The signed-in designer's unpublished draft of a form (issue 26), kept on the server. */
export interface DesignDraft {
  meta: FormMeta;
  /** The published design version the draft started from. */
  baseVersion: number;
  updateTime: string;
}

export const draftKey = (formId: number) => ['form-design-draft', formId] as const;

export async function loadDraft(formId: number, signal?: AbortSignal): Promise<DesignDraft | null> {
  const reply = await get<{ draft: { formMeta: unknown; baseVersion: number; updateTime: string } | null }>(
    `/api/form/design/${formId}/draft`,
    undefined,
    { signal },
  );
  const parsed = reply.draft ? parseFormMeta(reply.draft.formMeta) : null;
  return reply.draft && parsed?.ok ? { meta: parsed.meta, baseVersion: reply.draft.baseVersion, updateTime: reply.draft.updateTime } : null;
}

/**
 * A form's draft calls, one after another: an autosave still on its way when 放弃草稿 is clicked
 * would otherwise reach the server after the discard and bring the draft back.
 */
const draftCalls = new Map<number, Promise<unknown>>();
function inTurn<T>(formId: number, call: () => Promise<T>): Promise<T> {
  const next = (draftCalls.get(formId) ?? Promise.resolve()).catch(() => undefined).then(call);
  draftCalls.set(formId, next);
  void next.finally(() => draftCalls.get(formId) === next && draftCalls.delete(formId)).catch(() => undefined);
  return next;
}

export const saveDraft = (formId: number, formMeta: FormMeta) =>
  inTurn(formId, () => postJson<{ errCode: number }>(`/api/form/design/${formId}/draft`, { formMeta }, { silent: true }));

export const discardDraft = (formId: number) => inTurn(formId, () => postJson<{ errCode: number }>(`/api/form/design/${formId}/draft/discard`, {}));
