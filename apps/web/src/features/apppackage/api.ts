import type { PartPreview } from '@park/core';
import { ApiError, get, postJson, upload } from '../../lib/http.ts';

/** 应用管理's calls (issue 41). */

export const appKeys = { list: ['apppackage', 'list'] as const, parts: ['apppackage', 'parts'] as const, tenants: ['apppackage', 'tenants'] as const };

export interface InstalledAppRow {
  id: number;
  code: string;
  name: string;
  version: string;
  description: string;
  installedIn: string;
  installTime: string;
  updateTime: string;
}

export interface PreviewReply {
  code: string;
  name: string;
  version: string;
  fromVersion: string | null;
  parts: PartPreview[];
  reasons: string[];
  notes: string[];
}

export interface ExportFields {
  code: string;
  name: string;
  version: string;
  description?: string;
  formIds: number[];
  dictionaries?: string[];
  /** The micro-app the application appears as; none when left out. */
  microAppId?: number | null;
}

export async function listApps(): Promise<InstalledAppRow[]> {
  return (await get<{ data: InstalledAppRow[] }>('/api/apppackage/list')).data;
}

export interface ChoosableParts {
  forms: Array<{ id: number; name: string }>;
  dictionaries: Array<{ code: string; name: string }>;
  microApps: Array<{ id: number; name: string }>;
}

export async function choosableParts(): Promise<ChoosableParts> {
  return (await get<{ data: ChoosableParts }>('/api/apppackage/parts')).data;
}

/** 导出: the zip comes back as a file, saved under the name the server gives. */
export async function exportApp(fields: ExportFields): Promise<void> {
  const res = await fetch('/api/apppackage/export', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json;charset=UTF-8', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify(fields),
  });
  if (!res.ok || !(res.headers.get('content-type') ?? '').includes('application/zip')) {
    const body = (await res.json().catch(() => ({}))) as { errMsg?: string };
    throw new ApiError('api', body.errMsg ?? '导出失败');
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `${fields.code}.zip`;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The tenants chosen go first: the server reads the fields that precede the file. */
const packageForm = (file: File, tenantIds: number[] = []) => {
  const body = new FormData();
  if (tenantIds.length > 0) body.append('tenantIds', tenantIds.join(','));
  body.append('file', file);
  return body;
};

export async function previewPackage(file: File): Promise<PreviewReply> {
  return (await upload<{ data: PreviewReply }>('/api/apppackage/preview', packageForm(file), { silent: true })).data;
}

export async function importPackage(file: File, tenantIds: number[]): Promise<string> {
  return (await upload<{ errMsg: string }>('/api/apppackage/import', packageForm(file, tenantIds), { silent: true })).errMsg;
}

export async function listTenants(): Promise<Array<{ id: number; name: string }>> {
  return (await get<{ data: Array<{ id: number; name: string }> }>('/api/apppackage/tenants')).data;
}

export async function uninstallApp(code: string): Promise<string> {
  return (await postJson<{ errMsg: string }>('/api/apppackage/uninstall', { code }, { silent: true })).errMsg;
}
