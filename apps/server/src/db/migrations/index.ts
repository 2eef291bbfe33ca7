import type { Migration, MigrationProvider } from 'kysely';
import * as identity from './2026_11_21_0001_identity.ts';
import * as files from './2026_11_21_0010_files.ts';
import * as admin from './2026_11_21_0020_admin.ts';
import * as forms from './2026_11_21_0030_forms.ts';
import * as lookup from './2026_11_21_0040_lookup.ts';
import * as importExport from './2026_11_21_0050_import_export.ts';
import * as fileVersions from './2026_11_22_0010_file_versions.ts';
import * as companyReview from './2026_11_23_0060_company_review.ts';
import * as smsOutbox from './2026_11_25_0070_sms_outbox.ts';
import * as rateLimit from './2026_11_25_0080_rate_limit.ts';
import * as importChildren from './2026_11_25_0090_import_children.ts';
import * as messageKinds from './2026_11_25_0095_message_kinds.ts';
// Issue 15: record permissions (data scope per role)
import * as formPermissions from './2026_11_25_0100_form_permissions.ts';
// Automation engine (issue 18)
import * as automation from './2026_11_25_0201_automation.ts';
import * as reports from './2026_11_25_0300_reports.ts';
import * as reportExportJobs from './2026_11_26_0210_report_export_jobs.ts';
import * as park from './2026_11_25_0400_park.ts';
import * as backups from './2026_11_25_0600_backups.ts';
import * as video from './2026_11_25_0500_video.ts';
import * as designDrafts from './2026_11_25_0700_design_drafts.ts';
import * as listSearch from './2026_11_26_0160_list_search.ts';
import * as parkConsole from './2026_11_26_0240_park_console.ts';
import * as reportGroups from './2026_11_26_0220_report_groups.ts';
import * as approvals from './2026_11_26_0200_approvals.ts';
import * as recordsUnderApproval from './2026_12_02_0350_records_under_approval.ts';
import * as passwordChange from './2026_12_02_0420_password_change.ts';
import * as tenants from './2026_12_02_0500_tenants.ts';
import * as subsystems from './2026_12_02_0550_subsystems.ts';
import * as microApps from './2026_12_02_0630_micro_apps.ts';
import * as formQr from './2026_12_02_1020_form_qr.ts';
import * as syncPullWebhooks from './2026_12_02_0650_sync_pull_webhooks.ts';
import * as appPackages from './2026_12_02_1060_app_packages.ts';
import * as appPackageFlows from './2026_12_03_0800_app_package_flows.ts';
import * as appPackagePartKinds from './2026_12_04_0100_app_package_part_kinds.ts';
import * as notices from './2026_12_02_1000_notices.ts';
import * as noticeBackgroundKey from './2026_12_03_0900_notice_background_key.ts';
import * as inspectionMissed from './2026_12_04_0300_inspection_missed.ts';
import * as docLibraries from './2026_12_03_0100_doc_libraries.ts';
import * as formReminders from './2026_12_02_1030_form_reminders.ts';
import * as autoReports from './2026_12_03_0500_auto_reports.ts';
import * as addressBook from './2026_12_03_0200_address_book.ts';
import * as platformDefaultTheme from './2026_12_03_0600_platform_default_theme.ts';
import * as qrAnonymous from './2026_12_03_0300_qr_anonymous.ts';
import * as qrAnonymousUploads from './2026_12_04_0400_qr_anonymous_uploads.ts';
import * as autoReportPdf from './2026_12_04_0500_auto_report_pdf.ts';

/**
 * Migrations are listed here rather than read from the folder at run time, so they work the
 * same under tsx, vitest and a bundle. Names sort by date; never rename a shipped one.
 */
const migrations: Record<string, Migration> = {
  '2026_11_21_0001_identity': identity,
  '2026_11_21_0010_files': files,
  '2026_11_21_0020_admin': admin,
  '2026_11_21_0030_forms': forms,
  '2026_11_21_0040_lookup': lookup,
  '2026_11_21_0050_import_export': importExport,
  '2026_11_22_0010_file_versions': fileVersions,
  '2026_11_23_0060_company_review': companyReview,
  '2026_11_25_0070_sms_outbox': smsOutbox,
  '2026_11_25_0080_rate_limit': rateLimit,
  '2026_11_25_0090_import_children': importChildren,
  '2026_11_25_0095_message_kinds': messageKinds,
  '2026_11_25_0100_form_permissions': formPermissions,
  // Automation engine (issue 18)
  '2026_11_25_0201_automation': automation,
  '2026_11_25_0300_reports': reports,
  '2026_11_25_0400_park': park,
  '2026_11_25_0600_backups': backups,
  '2026_11_25_0500_video': video,
  '2026_11_25_0700_design_drafts': designDrafts,
  // Report exports as durable jobs (issue 21)
  '2026_11_26_0210_report_export_jobs': reportExportJobs,
  // List search indexes (issue 16)
  '2026_11_26_0160_list_search': listSearch,
  // Park console (issue 24)
  '2026_11_26_0240_park_console': parkConsole,
  // 报表管理 (issue 22): report groups and kinds
  '2026_11_26_0220_report_groups': reportGroups,
  // Approvals (issue 20)
  '2026_11_26_0200_approvals': approvals,
  // Records under approval refuse other writers (issue 35, ADR 0026)
  '2026_12_02_0350_records_under_approval': recordsUnderApproval,
  // Forced change of a generated password (issue 42)
  '2026_12_02_0420_password_change': passwordChange,
  // Companies as tenants, forms handed down (issue 36, ADR 0034)
  '2026_12_02_0500_tenants': tenants,
  // Sub-systems: single sign-on, data sync, themes (issue 40, ADR 0040)
  '2026_12_02_0550_subsystems': subsystems,
  // Functions, micro-apps, industry templates, workbenches (issue 37, ADR 0044)
  '2026_12_02_0630_micro_apps': microApps,
  // Sync webhooks and their delivery log, 高级控件数据源 (issue 40, ADR 0047)
  '2026_12_02_0650_sync_pull_webhooks': syncPullWebhooks,
  // Form settings record and QR-code signing key (issue 39, ADR 0050)
  '2026_12_02_1020_form_qr': formQr,
  // Installed application packages (issue 41, ADR 0054)
  '2026_12_02_1060_app_packages': appPackages,
  // Application packages carry approval flows (issue 41 part 2, ADR 0054)
  '2026_12_03_0800_app_package_flows': appPackageFlows,
  // Application packages carry automations, reports, form settings and a micro-app (issue 41 part 3)
  '2026_12_04_0100_app_package_part_kinds': appPackagePartKinds,
  // 公告 with receivers, read statistics and SMS templates (issue 38, ADR 0048)
  '2026_12_02_1000_notices': notices,
  // 公告 built-in background images (issue 38)
  '2026_12_03_0900_notice_background_key': noticeBackgroundKey,
  // 巡检: a missed checkpoint of a planned round, claimed once (issue 41, ADR 0060)
  '2026_12_04_0300_inspection_missed': inspectionMissed,
  // 文件库: shared/enterprise/personal libraries, classification and tag trees (issue 38, ADR 0052)
  '2026_12_03_0100_doc_libraries': docLibraries,
  // 提醒设置: reminder settings, period claims, send log (issue 39, ADR 0051)
  '2026_12_02_1030_form_reminders': formReminders,
  // 自动报表 and 订阅: schedules, period claims, send log, delivered files (issue 39, ADR 0057)
  '2026_12_03_0500_auto_reports': autoReports,
  // 通讯录: the contacts' paging order (issue 38)
  '2026_12_03_0200_address_book': addressBook,
  '2026_12_03_0600_platform_default_theme': platformDefaultTheme,
  // 免登录填报 through QR codes: the anonymous account, record sources, challenges (issue 39, ADR 0055)
  '2026_12_03_0300_qr_anonymous': qrAnonymous,
  // 免登录填报's photos and files, tied to the entry and its challenge (issue 39)
  '2026_12_04_0400_qr_anonymous_uploads': qrAnonymousUploads,
  '2026_12_04_0500_auto_report_pdf': autoReportPdf,
};

/** Every migration this build knows, in order (readiness checks they are all applied). */
export const migrationNames = (): string[] => Object.keys(migrations).sort();

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
