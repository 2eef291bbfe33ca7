import type { Kysely } from 'kysely';
import { buildSettingMeta } from '@park/core';
import type { Database } from '../../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../../plugins/errors.ts';
import * as repo from './repo.ts';

/** 报表管理 (issue 22): the rules around groups and report definitions; SQL is in repo.ts. */

export const DEFINITION_TEXT = {
  noName: '报表名称不能为空',
  nameTooLong: '报表名称不能超过100个字符',
  noGroupName: '分组名称不能为空',
  groupNameTaken: '分组名称已存在',
  groupNotFound: '分组不存在',
  notFound: '报表不存在',
  badKind: '报表类型不正确',
  badId: '报表ID不合法',
} as const;

export const REPORT_KINDS = { report: '报表', dashboard: '仪表盘' } as const;
export type ReportKind = keyof typeof REPORT_KINDS;

const ID = /^\d{1,18}$/;

export function reportIdOf(v: unknown): string {
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  if (!ID.test(s)) throw badRequest(DEFINITION_TEXT.badId);
  return s;
}

export function reportName(v: unknown): string {
  const s = typeof v === 'string' ? v.trim() : '';
  if (!s) throw badRequest(DEFINITION_TEXT.noName);
  if (s.length > 100) throw badRequest(DEFINITION_TEXT.nameTooLong);
  return s;
}

function kindOf(v: unknown): ReportKind {
  const s = v === undefined || v === null || v === '' ? 'report' : String(v);
  if (!Object.hasOwn(REPORT_KINDS, s)) throw badRequest(DEFINITION_TEXT.badKind);
  return s as ReportKind;
}

export class ReportDefinitions {
  constructor(private readonly db: Kysely<Database>) {}

  private async groupIdOf(v: unknown): Promise<string | null> {
    if (v === undefined || v === null || v === '' || v === 0 || v === '0') return null;
    const id = String(v);
    if (!ID.test(id) || !(await repo.groupExists(this.db, id))) throw badRequest(DEFINITION_TEXT.groupNotFound);
    return id;
  }

  async groups() {
    const r = await repo.listGroups(this.db);
    return r.rows.map((g) => ({ id: Number(g.id), name: g.name, reports: g.reports }));
  }

  async saveGroup(id: unknown, rawName: unknown): Promise<number> {
    const name = typeof rawName === 'string' ? rawName.trim() : '';
    if (!name) throw badRequest(DEFINITION_TEXT.noGroupName);
    const existing = id === undefined || id === null || id === '' ? null : String(id);
    if (existing !== null && !ID.test(existing)) throw notFound(DEFINITION_TEXT.groupNotFound);
    if (await repo.groupNameTaken(this.db, name, existing)) throw conflict(DEFINITION_TEXT.groupNameTaken);
    if (existing === null) return Number(await repo.insertGroup(this.db, name));
    if (!(await repo.renameGroup(this.db, existing, name))) throw notFound(DEFINITION_TEXT.groupNotFound);
    return Number(existing);
  }

  async deleteGroup(id: unknown): Promise<void> {
    const s = String(id ?? '');
    if (!ID.test(s) || !(await repo.deleteGroup(this.db, s))) throw notFound(DEFINITION_TEXT.groupNotFound);
  }

  async list(groupId: unknown, name: unknown) {
    const g = groupId === 'none' ? 'none' : groupId === undefined || groupId === null || groupId === '' ? null : String(groupId);
    if (g !== null && g !== 'none' && !ID.test(g)) throw badRequest(DEFINITION_TEXT.groupNotFound);
    const rows = await repo.listDefinitions(this.db, { groupId: g, name: typeof name === 'string' ? name.trim().slice(0, 100) : '' });
    return rows.map((r) => ({
      reportId: Number(r.id),
      reportName: r.report_name,
      kind: r.kind as ReportKind,
      groupId: r.group_id === null ? null : Number(r.group_id),
      groupName: r.group_name ?? null,
      roleCount: Number(r.roles ?? 0),
      version: r.version,
      updateTime: r.update_time.toISOString(),
    }));
  }

  /** A new, empty report or dashboard (saved in the origin settingMeta shape from the start). */
  async create(b: { reportName?: unknown; kind?: unknown; groupId?: unknown }, userId: string): Promise<number> {
    const name = reportName(b.reportName);
    const id = await repo.createDefinition(this.db, { name, kind: kindOf(b.kind), groupId: await this.groupIdOf(b.groupId), settingMeta: buildSettingMeta([]), createBy: userId });
    return Number(id);
  }

  async update(b: { reportId?: unknown; reportName?: unknown; groupId?: unknown; kind?: unknown }): Promise<void> {
    const id = reportIdOf(b.reportId);
    const set: { report_name?: string; group_id?: string | null; kind?: string } = {};
    if (b.reportName !== undefined) set.report_name = reportName(b.reportName);
    if (b.groupId !== undefined) set.group_id = await this.groupIdOf(b.groupId);
    if (b.kind !== undefined) set.kind = kindOf(b.kind);
    if (!(await repo.updateDefinition(this.db, id, set))) throw notFound(DEFINITION_TEXT.notFound);
  }

  async copy(b: { reportId?: unknown; reportName?: unknown }, userId: string): Promise<number> {
    const id = reportIdOf(b.reportId);
    const name = reportName(b.reportName);
    const copy = await repo.copyDefinition(this.db, id, name, userId);
    if (!copy) throw notFound(DEFINITION_TEXT.notFound);
    return Number(copy);
  }

  async delete(reportId: unknown): Promise<void> {
    if (!(await repo.deleteDefinition(this.db, reportIdOf(reportId)))) throw notFound(DEFINITION_TEXT.notFound);
  }
}
