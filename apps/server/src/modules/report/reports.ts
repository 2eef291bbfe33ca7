import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/index.ts';
import type { DataScope } from '@park/core';
import { readableReport, type ReportAccess } from './permissions.ts';
import { Coalescer } from './query/coalesce.ts';
import { findReport } from './repo.ts';

export const REPORT_TEXT_SERVER = {
  notFound: '报表不存在',
  widgetNotFound: '报表中不存在该控件',
  noName: '报表名称不能为空',
  badSetting: '报表设置格式不正确',
  batchTooLarge: (max: number) => `一次最多查询${max}个报表控件`,
} as const;

type Item = Record<string, unknown>;
const MAX_DEPTH = 6;

/** Widgets of a report, tab pages opened (spec 002 §3: tabs[].tabContent.widgets). */
export function findWidget(settingMeta: unknown, widgetId: string): Item | null {
  const walk = (widgets: unknown, depth: number): Item | null => {
    if (depth > MAX_DEPTH) return null;
    const list = Array.isArray(widgets) ? widgets : typeof widgets === 'object' && widgets !== null ? Object.values(widgets) : [];
    for (const w of list) {
      if (typeof w !== 'object' || w === null) continue;
      const item = w as Item;
      if (String(item.id) === widgetId) return item;
      for (const tab of Array.isArray(item.tabs) ? item.tabs : []) {
        const inner = walk((tab as { tabContent?: { widgets?: unknown } })?.tabContent?.widgets, depth + 1);
        if (inner) return inner;
      }
    }
    return null;
  };
  return walk((settingMeta as Item | null)?.widgets, 0);
}

/**
 * Published reports' widgets, kept per report version: a dashboard's twelve widget calls read
 * the definition once, not twelve times.
 */
export class ReportWidgets {
  private readonly reports = new Map<string, { version: number; settingMeta: unknown }>();
  private readonly access: Coalescer<ReportAccess>;

  /** `accessMaxAgeMs`: how long a user's access to a report, once read, is trusted (REPORT_STAMP_MAX_AGE_MS). */
  constructor(
    private readonly db: Kysely<Database>,
    accessMaxAgeMs = 0,
  ) {
    this.access = new Coalescer(accessMaxAgeMs);
  }

  /** A report saved or its readers changed on this instance: its next calls read access and version again. */
  forget(reportId: string): void {
    this.access.forgetPrefix(`${reportId}:`);
  }

  /** The widget of a report the caller may read (access checked first). */
  async load(auth: AuthContext, reportId: string, widgetId: string): Promise<Item> {
    return (await this.loadWithGrant(auth, reportId, widgetId)).widget;
  }

  /** The widget and the data scope the caller reads it with (see permissions.ts readableReport). */
  async loadWithGrant(auth: AuthContext, reportId: string, widgetId: string): Promise<{ widget: Item; grant: DataScope }> {
    const { widgetOf, grant } = await this.readable(auth, reportId);
    return { widget: widgetOf(widgetId), grant };
  }

  /**
   * A report the caller may read (access checked first, else 403): its widgets by id (404 for an id
   * it does not hold) and the data scope the caller reads them with. The widget objects are the
   * same while the report's version stands (the engine keeps compiled queries with them).
   */
  async readable(auth: AuthContext, reportId: string): Promise<{ widgetOf: (widgetId: string) => Item; grant: DataScope }> {
    const { version, grantScope } = await this.access.run(`${reportId}:${auth.userId}`, () => readableReport(this.db, auth, reportId));
    let hit = this.reports.get(reportId);
    if (!hit || hit.version !== version) {
      const report = await findReport(this.db, reportId);
      if (!report) throw notFound(REPORT_TEXT_SERVER.notFound);
      hit = { version: report.version, settingMeta: report.setting_meta };
      this.reports.set(reportId, hit);
    }
    const { settingMeta } = hit;
    const widgetOf = (widgetId: string) => {
      const widget = findWidget(settingMeta, widgetId);
      if (!widget) throw notFound(REPORT_TEXT_SERVER.widgetNotFound);
      return widget;
    };
    return { widgetOf, grant: grantScope };
  }
}

export function checkSettingMeta(raw: unknown): Item {
  const meta = typeof raw === 'string' ? safeParse(raw) : raw;
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) throw badRequest(REPORT_TEXT_SERVER.badSetting);
  return meta as Item;
}

function safeParse(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    throw badRequest(REPORT_TEXT_SERVER.badSetting);
  }
}
