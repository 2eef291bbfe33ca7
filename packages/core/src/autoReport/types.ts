/** 自动报表 and 订阅 (issue 39): a schedule that sends a report or dashboard to recipients. */

/** What a run sends: one table widget as Excel, or the whole dashboard as a PNG picture or a PDF. */
export const AUTO_REPORT_TARGETS = ['excel', 'png', 'pdf'] as const;
export type AutoReportTarget = (typeof AUTO_REPORT_TARGETS)[number];

/** 每天/每周/每月 at a time of the park's day, or a five-field cron in the park's time zone. */
export type AutoReportFrequency =
  | { every: 'day'; time: string }
  | { every: 'week'; time: string; /** 1 = 周一 … 7 = 周日 */ weekDay: number }
  | { every: 'month'; time: string; /** 1 … 31; a month without that day is skipped */ monthDay: number }
  | { every: 'cron'; cron: string };

/** Who receives it: users, every user of a role, every user of an organisation (within the owner's tenant). */
export interface AutoReportRecipients {
  users: string[];
  roles: string[];
  orgs: string[];
}

export interface AutoReportInput {
  name: string;
  reportId: string;
  target: AutoReportTarget;
  /** The table widget sent as Excel (target 'excel'). */
  widgetId: string | null;
  frequency: AutoReportFrequency;
  recipients: AutoReportRecipients;
  enabled: boolean;
}

export const emptyRecipients = (): AutoReportRecipients => ({ users: [], roles: [], orgs: [] });
