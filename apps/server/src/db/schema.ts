import type { ColumnType, Generated } from 'kysely';

/** Timestamps come back as Date, and may be written as Date or ISO text. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Id = Generated<string>; // bigint identity: pg returns int8 as text, converted at the edge

export interface SysOrgTable {
  id: Id;
  parent_id: string | null;
  org_name: string;
  org_code: string | null;
  /** The organisation's leader (主管), for supervisor recipients (issue 18). */
  leader_id: Generated<string | null>;
  order_index: Generated<number>;
  create_time: Generated<Date>;
  update_time: Generated<Date>;
  /** The tenant (ADR 0034): null for the park's own. */
  company_id: Generated<string | null>;
}

export interface SysUserTable {
  id: Id;
  username: string;
  password_hash: string;
  real_name: string;
  sex: string | null;
  phone: string | null;
  email: string | null;
  job_title: string | null;
  /** Office phone, from enterprise registration (issue 6). */
  office_phone: Generated<string | null>;
  /** 0 platform user, 1 company administrator, 2 company user. */
  user_type: Generated<number>;
  /** 0 enabled, 1 disabled. */
  status: Generated<number>;
  /** A generated password not yet changed: only the password change is answered (issue 42). */
  must_change_password: Generated<boolean>;
  company_id: string | null;
  /** 租户用户类型 of a company user: 0 主管理员, 1 子管理员, 2 普通用户; null for platform users. */
  tenant_user_type: Generated<number | null>;
  create_time: Generated<Date>;
  update_time: Generated<Date>;
}

export interface SysRoleTable {
  id: Id;
  role_name: string;
  role_code: string | null;
  remark: string | null;
  create_time: Generated<Date>;
  /** Issue 15: which form records the role's holders reach: 'all', 'org' (their organisations and below) or 'self'. */
  data_scope: Generated<string>;
  /** The tenant (ADR 0034): null for the park's own. */
  company_id: Generated<string | null>;
}

export interface SysUserRoleTable {
  user_id: string;
  role_id: string;
}
export interface SysUserOrgTable {
  user_id: string;
  org_id: string;
}
export interface SysOrgRoleTable {
  org_id: string;
  role_id: string;
}

export interface SysMenuTable {
  id: Id;
  parent_id: string | null;
  name: string;
  path: string;
  component: string | null;
  icon_name: string | null;
  level: number;
  order_index: Generated<number>;
  hidden: Generated<boolean>;
  /** 'menu' or 'button' (button-level permissions for list pages). */
  menu_type: Generated<string>;
  perms: string | null;
  /** 0 everywhere, 1 PC only, 2 app only. */
  show_type: Generated<number>;
  create_time: Generated<Date>;
  /** The tenant (ADR 0034): null for the park's own. */
  company_id: Generated<string | null>;
  /** A platform menu a tenant's roles may grant (ADR 0034). */
  tenant_visible: Generated<boolean>;
}

export interface SysRoleMenuTable {
  role_id: string;
  menu_id: string;
}

export interface SysModuleTable {
  id: Id;
  sys_name: string;
  sys_url: string;
  /** 0 enabled (listed in the top bar), 1 disabled. */
  status: Generated<number>;
  order_index: Generated<number>;
  create_time: Generated<Date>;
  /* 子系统 (issue 40, ADR 0040): 0 是 / 1 否 for sso and syn, as the original's radios. */
  sys_desc: Generated<string | null>;
  sso: Generated<number>;
  sso_mode: Generated<string | null>;
  syn: Generated<number>;
  /** The OIDC client_id and the sync signer. */
  agent_account: Generated<string | null>;
  /** Sealed (AES-GCM, SecretBox), never shown again after it is generated. */
  agent_secret: Generated<string | null>;
  redirect_uris: ColumnType<string[], string | undefined, string>;
  logout_uris: ColumnType<string[], string | undefined, string>;
  webhook_url: Generated<string | null>;
  secret_time: Generated<Date | null>;
  /** The last sync_change seq its webhook announced (ADR 0047); null until the dispatcher starts it. */
  webhook_seq: Generated<string | null>;
}

/** oidc-provider's stored artefacts (issue 40). */
export interface OidcPayloadTable {
  model: string;
  id: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: Date | null;
  consumed_at: Date | null;
}

export interface SyncInterfaceTable {
  id: Id;
  inter_code: string;
  inter_name: string;
  order_index: Generated<number>;
}

export interface SysRelInterTable {
  id: Id;
  sys_id: string;
  inter_id: string;
  /** Null: every tenant. */
  company_id: string | null;
}

export interface SyncChangeTable {
  seq: Id;
  inter_code: string;
  entity_id: string;
  company_id: string | null;
  op: 'upsert' | 'delete';
  changed_at: Generated<Date>;
}

export interface SyncNonceTable {
  sys_id: string;
  signature: string;
  seen_at: Generated<Date>;
}

/** 推送记录 (ADR 0047): one announced batch of changes; status 0 待推送, 1 成功, 2 失败. */
export interface SyncDeliveryTable {
  id: Id;
  sys_id: string;
  from_seq: string;
  to_seq: string;
  entities: ColumnType<string[], string, string>;
  change_count: number;
  status: Generated<number>;
  attempts: Generated<number>;
  http_status: Generated<number | null>;
  last_error: Generated<string | null>;
  create_time: Generated<Date>;
  delivered_time: Generated<Date | null>;
}

/** 高级控件数据源 (screens-round3 §5.4): type '0' 自定义高级控件, '1' 非自定义高级控件. */
export interface SysDataControlTable {
  id: Id;
  title: string;
  type: string;
  value_key: string;
  value_desc: string;
  label_key: string;
  label_desc: string;
  url: string;
  columns: ColumnType<{ model: string; name: string }[], string, string>;
  create_time: Generated<Date>;
}

export interface FormSetTable {
  id: Id;
  form_id: string;
  form_set: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  qr_code_conf: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  update_time: ColumnType<Date, Date | undefined, Date>;
}

export interface QrSignKeyTable {
  id: number;
  key: string;
}

/** 平台默认主题 (issue 40): the park's (company_id null) and a tenant's shell preset. */
export interface SysPlatformThemeTable {
  id: Id;
  company_id: string | null;
  theme_key: string;
  update_by: string | null;
  update_time: Generated<Date>;
}

export interface SysThemeTable {
  id: Id;
  theme_name: string;
  type: number;
  meta: ColumnType<Record<string, unknown>, string, string>;
  create_time: Generated<Date>;
}

export interface SysSessionTable {
  /** sha256 of the cookie token, so a leaked table does not leak live sessions. */
  id: string;
  user_id: string;
  created_at: Generated<Date>;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
}

export interface SysOperationLogTable {
  id: Id;
  user_id: string | null;
  username: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  detail: ColumnType<unknown, string | null | undefined, string | null>;
  ip: string | null;
  /** The area of the platform, e.g. 用户管理 (see OPTLOG_MODULES). */
  module: string | null;
  /** 0 success, 1 failure. */
  result: Generated<number>;
  err_msg: string | null;
  create_time: Generated<Date>;
  /** The tenant (ADR 0034): null for the park's own. */
  company_id: Generated<string | null>;
}

export interface AuthNonceTable {
  nonce: string;
  expires_at: Timestamp;
}

export interface AuthLoginFailureTable {
  key: string;
  window_start: Timestamp;
  failures: number;
}

export interface FlowTaskTable {
  id: Id;
  title: string;
  form_id: string | null;
  form_name: string | null;
  business_id: string | null;
  assignee_id: string;
  initiator_id: string | null;
  /** 0 waiting, 1 done, 2 closed without action (another signer decided, or the instance ended), 3 queued. */
  status: Generated<number>;
  create_time: Generated<Date>;
  done_time: Date | null;
  // Approvals (issue 20); null on plain to-do rows written before them.
  instance_id: string | null;
  node_id: string | null;
  node_name: string | null;
  /** 0 approval, 1 cc. */
  task_type: Generated<number>;
  approve_type: Generated<number>;
  /** Order within a node visit: queued signers go in this order. */
  seq: ColumnType<string, string | number | undefined, string | number>;
  /** Which visit of the node (a node returned to is visited again). */
  round: Generated<number>;
  /** The task whose 加签 made this one; sign_kind 'before' or 'after'. */
  parent_task_id: string | null;
  sign_kind: string | null;
  remark: string | null;
  approve_items: ColumnType<unknown, string | null | undefined, string | null>;
  /** agree, disagree, return, transfer, addsign, withdrawn, auto. */
  action: string | null;
  due_time: Date | null;
  /** 0 within time, 1 reminded after the time limit, 2 escalated or passed. */
  timeout_stage: Generated<number>;
}

// Approvals (issue 20)
export interface FlowModelTable {
  id: Id;
  form_id: string;
  model_name: string;
  node_config: ColumnType<unknown, string, string>;
  version: Generated<number>;
  definition_id: string | null;
  update_by: string | null;
  update_time: Generated<Date>;
}

export interface FlowDefinitionTable {
  id: Id;
  model_id: string;
  form_id: string;
  version: number;
  node_config: ColumnType<unknown, string, string>;
  create_by: string | null;
  create_time: Generated<Date>;
}

export interface FlowInstanceTable {
  id: Id;
  definition_id: string;
  form_id: string;
  business_id: string;
  business_name: string;
  initiator_id: string | null;
  /** '0' in progress, '1' approved, '2' rejected, '3' withdrawn. */
  approve_status: Generated<string>;
  /** After a return without re-approval: the node the flow jumps back to. */
  resume_node_id: string | null;
  last_remind_time: Date | null;
  start_time: Generated<Date>;
  end_time: Date | null;
}

export interface FlowCommentTable {
  id: Id;
  instance_id: string;
  task_id: string | null;
  node_id: string | null;
  node_name: string | null;
  user_id: string | null;
  /** 'fill' (the initiator's submission) or 'comment'. */
  type: string;
  /** See COMMENT_STATUS in core. */
  status: number;
  remark: string | null;
  approve_items: ColumnType<unknown, string | null | undefined, string | null>;
  create_time: Generated<Date>;
}

export interface SysHolidayTable {
  day: ColumnType<string, string, string>;
  workday: Generated<boolean>;
  name: Generated<string>;
}

export interface MsgMessageTable {
  id: Id;
  receiver_id: string;
  title: string;
  content: string | null;
  msg_type: Generated<string>;
  /** '0' unread, '1' read. */
  read_status: Generated<string>;
  create_time: Generated<Date>;
  read_time: Date | null;
  /** See MSG_BIG_TYPE in modules/msg/notify.ts. */
  big_type: Generated<number>;
  /** See MSG_SMALL_TYPE in modules/msg/notify.ts. */
  small_type: Generated<number>;
  /** What the message links to, e.g. {taskId, processInstanceId} or {formId, businessId}. */
  params: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  menu_url: string | null;
}

export interface FormTaskTable {
  id: Id;
  title: string;
  form_id: string | null;
  form_name: string | null;
  assignee_id: string;
  /** 0 executing, 1 finished. */
  status: Generated<number>;
  deadline: Date | null;
  create_time: Generated<Date>;
}

export interface SysSeedAppliedTable {
  key: string;
  applied_at: Generated<Date>;
}

export interface SysFileTable {
  id: Id;
  /** Generated storage key; never derived from the uploaded name. */
  file_key: string;
  original_name: string;
  suffix: string;
  size: ColumnType<string, number | string, number | string>;
  mime: string;
  sha256: string;
  uploader_id: string | null;
  company_id: string | null;
  create_time: Generated<Date>;
  /** 1 for the upload; raised each time a new version is saved online (sys_file_version). */
  version: Generated<number>;
  update_by: string | null;
  update_time: Date | null;
}

/** An earlier version of a file edited online; sys_file holds the newest. */
export interface SysFileVersionTable {
  file_id: string;
  version: number;
  file_key: string;
  size: ColumnType<string, number | string, number | string>;
  mime: string;
  sha256: string;
  create_by: string | null;
  create_time: Timestamp;
  archive_time: Generated<Date>;
}

/** A record (main table when sub_key is '', else a sub-table row) that references a file. */
export interface SysFileRefTable {
  file_id: string;
  form_id: string;
  record_id: string;
  sub_key: Generated<string>;
  create_time: Generated<Date>;
}

export interface FormGroupTable {
  id: Id;
  group_name: string;
  order_index: Generated<number>;
  create_time: Generated<Date>;
}

export interface FormConfTable {
  id: Id;
  form_name: string;
  form_type: Generated<string>;
  group_id: string | null;
  /** The design as the designer produced it; null until the first saveformdesign. */
  form_meta: ColumnType<unknown, string | null | undefined, string | null>;
  /** 0 enabled, 1 disabled. */
  status: Generated<number>;
  /** Bumped by every saved design, so cached models know they are stale. */
  design_version: Generated<number>;
  create_by: string | null;
  create_time: Generated<Date>;
  update_time: Generated<Date>;
  /** A tenant's own form; null for the park's, which may be handed down (ADR 0034). */
  company_id: Generated<string | null>;
}

/** A park form handed down to a tenant: the design the tenant runs and the menu made for it (ADR 0034). */
export interface FormTenantTable {
  form_id: string;
  company_id: string;
  form_meta: ColumnType<unknown, string, string>;
  design_version: number;
  menu_id: string | null;
  allot_by: string | null;
  allot_time: Generated<Date>;
  sync_time: Date | null;
}

/** One 表单分配 / 同步配置 run: one form to many tenants, polled by its key. */
export interface FormAllotTaskTable {
  task_key: string;
  kind: 'allot' | 'sync';
  form_id: string;
  /** 'syncing' | 'finished' | 'failed' (the original's words). */
  status: Generated<string>;
  create_by: string | null;
  create_time: Generated<Date>;
  finish_time: Date | null;
}

/** Per tenant of a run: -2 队列中, 3 in progress, 0 done, -1 done with some parts failed, 1 failed. */
export interface FormAllotTaskItemTable {
  task_key: string;
  company_id: string;
  status: Generated<number>;
  /** Why it failed, in Chinese, for the result step. */
  message: string | null;
}

export interface FormEventTable {
  id: Id;
  form_id: string;
  sub_key: string | null;
  record_id: string;
  op: string;
  before: ColumnType<unknown, string | null | undefined, string | null>;
  after: ColumnType<unknown, string | null | undefined, string | null>;
  actor_id: string | null;
  create_time: Generated<Date>;
  /** 0 for a person's change; an automation's change is its event's depth + 1 (issue 18). */
  depth: Generated<number>;
  /** The automation execution whose action made this change. */
  execution_id: Generated<string | null>;
}

/** Administrator-set values (security settings); keys absent here use the environment's. */
export interface SysSettingTable {
  key: string;
  value: string;
  update_time: Generated<Date>;
}

export interface SysDicTypeTable {
  id: Id;
  type_code: string;
  type_name: string;
  remark: string | null;
  create_time: Generated<Date>;
  /** The tenant (ADR 0034): null for the park's own. */
  company_id: Generated<string | null>;
}

export interface SysDicCatalogTable {
  id: Id;
  type_id: string;
  parent_id: string | null;
  code: string;
  name: string;
  order_index: Generated<number>;
  create_time: Generated<Date>;
}

export interface SysCompanyTable {
  id: Id;
  company_name: string;
  /** The organisation code; also the company administrator's login name. Null for a tenant the park added (ADR 0034). */
  company_code: string | null;
  administrative_area_code: string | null;
  administrative_area_name: string | null;
  address: string | null;
  lat: string | null;
  lnt: string | null;
  industry_code: string | null;
  industry_name: string | null;
  /** Industry category, in the spec's spelling. */
  industy_type: string | null;
  economic_type_code: string | null;
  economic_type_name: string | null;
  /** '0' 未审核, '1' 审核通过, '2' 审核不通过, '3' 已作废. */
  status: Generated<string>;
  check_reason: string | null;
  checked_by: string | null;
  checked_time: Date | null;
  create_time: Generated<Date>;
  update_time: Generated<Date>;
  /** 启用状态 of the tenant: 1 enabled, 0 disabled (its users cannot log in). */
  tenant_status: Generated<number>;
  contact_name: Generated<string | null>;
  contact_phone: Generated<string | null>;
  contact_email: Generated<string | null>;
  /** 所在地 as the original shows it (city+area for municipalities, else province+city+area). */
  location: Generated<string | null>;
  province_code: Generated<string | null>;
  province_name: Generated<string | null>;
  city_code: Generated<string | null>;
  city_name: Generated<string | null>;
  area_code: Generated<string | null>;
  area_name: Generated<string | null>;
  /** 'register' (self-registered, a tenant once approved) or 'park' (added in 租户信息). */
  source: Generated<string>;
  create_by: Generated<string | null>;
  update_by: Generated<string | null>;
}

/** Every SMS the platform sends, with its outcome (modules/company/sms.ts). */
/** A rate limit's counter: hits of one key (route and client) in the window that began at window_start. */
export interface SysRateLimitTable {
  key: string;
  window_start: Generated<Date>;
  hits: number;
}

/** Issue 38 (ADR 0052): a classification or tag tree node; company_id null is the park's tree. */
export interface DocTreeTable {
  id: Id;
  source: number;
  company_id: string | null;
  parent_id: string | null;
  name: string;
  code: string | null;
  level: number;
  catalog_index: Generated<number>;
  create_time: Generated<Date>;
}
/** Issue 38 (ADR 0052): a library entry; source 0 共享, 1 企业 (company_id), 2 个人 (owner_id). */
export interface DocFileTable {
  id: Id;
  source: number;
  file_id: string;
  original_name: string;
  file_type: Generated<string>;
  company_id: string | null;
  owner_id: string | null;
  classification_id: string;
  upload_time: Generated<Date>;
  update_time: Date | null;
}

/** Issue 38: 公告; kind 0 平台公告 (company_id null), 1 企业公告. status: see NOTICE_STATUS. */
export interface NoticeTable {
  id: Id;
  kind: number;
  company_id: string | null;
  title: string;
  notice_type: string;
  /** Sanitised HTML (modules/notice/sanitize.ts): the only HTML readers are given. */
  content: string;
  background_file_id: string | null;
  /** A built-in background (core NOTICE_BACKGROUNDS); null with background_file_id null: the default. */
  background_key: string | null;
  sms_notify: Generated<boolean>;
  status: Generated<number>;
  publish_time: Date | null;
  receiver_total: Generated<number>;
  delivered: Generated<boolean>;
  create_by: string | null;
  create_time: Generated<Date>;
  update_time: Date | null;
}
export interface NoticeReceiverTable {
  notice_id: string;
  user_id: string;
  company_id: string | null;
  read_time: Date | null;
}
export interface NoticeSmsTemplateTable {
  id: Id;
  name: string;
  content: string;
  is_default: Generated<boolean>;
  create_time: Generated<Date>;
  update_time: Date | null;
}

export interface SysSmsLogTable {
  id: Id;
  phone: string;
  content: string;
  template: string;
  receiver_id: string | null;
  company_id: string | null;
  provider: string;
  /** queued (waiting for its first or next attempt), sent, logged (built-in sender), failed (gave up) */
  status: string;
  /** The last failure, kept while the message is retried. */
  error: string | null;
  attempts: Generated<number>;
  next_attempt_time: Date | null;
  sent_time: Date | null;
  create_time: Generated<Date>;
}

/** National administrative divisions: 1 province, 2 city, 3 county. */
export interface SysRegionTable {
  code: string;
  name: string;
  parent_code: string | null;
  level: number;
}

/** An Excel import or export job (issue 8); see the import_export migration. */
export interface FormImportExportTable {
  id: Id;
  code: string;
  form_id: string;
  /** 1 export, 2 import. */
  kind: number;
  /** pending | running | success | part_success | failed */
  state: Generated<string>;
  total: Generated<number>;
  done: Generated<number>;
  ok_rows: Generated<number>;
  bad_rows: Generated<number>;
  reason: string | null;
  source_file_id: string | null;
  result_file_id: string | null;
  error_file_id: string | null;
  /** The last source row an import committed. */
  cursor: Generated<number>;
  children_staged: Generated<boolean>;
  attempts: Generated<number>;
  lease_owner: string | null;
  lease_until: Date | null;
  params: ColumnType<unknown, string, string>;
  created_by: string | null;
  create_time: Generated<Date>;
  update_time: Generated<Date>;
  finish_time: Date | null;
}

/** A row an import rejected, written with its chunk; the error workbook is built from these. */
/** A staged row of a sub-table sheet of an import (row 1: the sheet's header texts). */
export interface FormImportChildTable {
  job_id: string;
  sub_key: string;
  row_no: number;
  parent_row: number | null;
  cells: ColumnType<unknown, string, string>;
}

export interface FormImportErrorTable {
  job_id: string;
  row_no: number;
  values: ColumnType<unknown, string, string>;
  reason: string;
}

// ---- Automation engine (issue 18) ----
export interface AutoFlowTable {
  id: Id;
  flow_name: string;
  form_id: string;
  event: string;
  /** 1 enabled, 0 disabled. */
  status: Generated<number>;
  owner_id: string | null;
  version: Generated<number>;
  version_id: string | null;
  deleted: Generated<boolean>;
  create_time: Generated<Date>;
  update_time: Generated<Date>;
}
export interface AutoFlowVersionTable {
  id: Id;
  flow_id: string;
  version: number;
  flow_name: string;
  node_config: ColumnType<unknown, string, string>;
  writes_form_ids: ColumnType<string[], string[] | undefined, string[]>;
  create_by: string | null;
  create_time: Generated<Date>;
}
export interface AutoExecutionTable {
  id: Id;
  flow_id: string;
  version_id: string;
  event_id: string;
  form_id: string;
  record_id: string;
  event: string;
  depth: Generated<number>;
  /** pending, running, success, failed, skipped. */
  status: Generated<string>;
  attempts: Generated<number>;
  next_run_at: Generated<Date>;
  lease_until: Date | null;
  lease_token: string | null;
  error: string | null;
  failed_node_id: string | null;
  create_time: Generated<Date>;
  start_time: Date | null;
  finish_time: Date | null;
}
export interface AutoStepTable {
  id: Id;
  execution_id: string;
  node_id: string;
  node_name: string;
  node_type: number;
  attempt: Generated<number>;
  status: string;
  input: ColumnType<unknown, string | null | undefined, string | null>;
  output: ColumnType<unknown, string | null | undefined, string | null>;
  error: string | null;
  start_time: Generated<Date>;
  finish_time: Generated<Date>;
}

// ── Reports, datasets and datasources (issue 21, modules/report) ──
export interface ReportDatasourceTable {
  id: Id;
  name: string;
  /** platform (the built-in one), postgresql or mysql. */
  db_type: string;
  host: string | null;
  port: number | null;
  database_name: string | null;
  username: string | null;
  /** The password sealed with AES-256-GCM (modules/report/datasources/secrets.ts). */
  secret: string | null;
  built_in: Generated<boolean>;
  create_by: string | null;
  create_time: Generated<Date>;
  update_time: Generated<Date>;
}

export interface ReportDatasetTable {
  id: Id;
  name: string;
  datasource_id: string;
  ds_meta: unknown;
  /** The form a platform dataset reads (its results are dropped when the form's data changes). */
  form_id: string | null;
  version: Generated<number>;
  create_by: string | null;
  create_time: Generated<Date>;
  update_time: Generated<Date>;
}

export interface ReportDefTable {
  id: Id;
  report_name: string;
  setting_meta: unknown;
  /** issue 22: the group in 报表管理 and whether it is a report or a dashboard. */
  group_id: string | null;
  kind: Generated<string>;
  version: Generated<number>;
  create_by: string | null;
  create_time: Generated<Date>;
  update_time: Generated<Date>;
}

// ── Report groups and kinds (issue 22, modules/report/definitions) ──
export interface ReportGroupTable {
  id: Id;
  name: string;
  order_index: Generated<number>;
  create_time: Generated<Date>;
}

export interface ReportPermissionTable {
  report_id: string;
  role_id: string;
}

export interface ReportExportTable {
  id: Id;
  code: string;
  report_id: string;
  widget_id: string;
  state: Generated<string>;
  reason: string | null;
  rows_done: Generated<number>;
  file_id: string | null;
  created_by: string;
  create_time: Generated<Date>;
  finish_time: Date | null;
  /** Durable export jobs (issue 21, migration 2026_11_26_0210): the request, runs and lease. */
  params: ColumnType<unknown, string | undefined, string>;
  attempts: Generated<number>;
  lease_owner: string | null;
  lease_until: Date | null;
}
/* ── Park operations (issue 23): devices, layout, what devices report, what operators do ── */
type Num = ColumnType<string, string | number, string | number>;
type TextArray = ColumnType<string[], string[] | undefined, string[]>;
type Json<T> = ColumnType<T, string, string>;

export interface ParkDeviceTable {
  id: Id;
  device_code: string;
  device_name: string;
  device_type: string;
  /** sha256 of the device token; the token itself is shown once, when made. */
  token_hash: string;
  token_hint: string;
  gate_id: string | null;
  /** 0 offline, 1 online (spec 002 §3). */
  online: Generated<number>;
  last_seen_time: Date | null;
  /** 0 enabled, 1 disabled. */
  status: Generated<number>;
  remark: string | null;
  create_by: string | null;
  create_time: Generated<Date>;
}
export interface ParkGateTable {
  id: Id;
  gate_code: string;
  gate_name: string;
  lat: number | null;
  lng: number | null;
  order_index: Generated<number>;
}
export interface ParkLaneTable {
  id: Id;
  gate_id: string;
  lane_name: string;
  /** 1 in, 2 out. */
  direction: number;
}
export interface ParkRoadTable {
  id: Id;
  road_name: string;
  /** [[lng, lat], …] */
  path: Json<Array<[number, number]>>;
  width_m: Generated<number>;
  speed_limit: number;
  no_parking: Generated<boolean>;
  max_stop_minutes: Generated<number>;
}
export interface ParkZoneTable {
  id: Id;
  zone_name: string;
  zone_type: string;
  polygon: Json<Array<[number, number]>>;
}
export interface ParkRouteTable {
  id: Id;
  route_name: string;
  road_ids: TextArray;
}
export interface ParkGatePassTable {
  id: Id;
  device_id: string;
  event_id: string;
  gate_id: string;
  lane_id: string | null;
  plate: string;
  direction: number;
  pass_time: Timestamp;
  vehicle_type: string;
  hazardous_class: string | null;
  company_id: string | null;
  company_name: string | null;
  driver_name: string | null;
  driver_phone: string | null;
  material: string | null;
  load_tons: Num | null;
  temporary: Generated<boolean>;
  route_id: string | null;
  permit_until: Timestamp | null;
  photo_file_id: string | null;
  create_time: Generated<Date>;
}
/** Gate passes counted by local day and the statistics' dimensions ('' for none). */
export interface ParkPassDailyTable {
  day: ColumnType<string, string, string>;
  gate_id: string;
  direction: number;
  vehicle_type: string;
  temporary: boolean;
  company_name: string;
  material: string;
  n: number;
  tons: Num;
}
export interface ParkVehicleInParkTable {
  plate: string;
  pass_id: string;
  gate_id: string;
  entered_time: Timestamp;
  vehicle_type: string;
  hazardous_class: string | null;
  company_id: string | null;
  company_name: string | null;
  driver_name: string | null;
  material: string | null;
  load_tons: Num | null;
  temporary: Generated<boolean>;
  route_id: string | null;
  permit_until: Timestamp | null;
}
export interface ParkPersonPassTable {
  id: Id;
  device_id: string;
  event_id: string;
  gate_id: string;
  person_name: string;
  person_type: string;
  id_no: string | null;
  company_id: string | null;
  direction: number;
  pass_time: Timestamp;
}
export interface ParkPersonInParkTable {
  person_key: string;
  person_name: string;
  person_type: string;
  entered_time: Timestamp;
}
export interface ParkPositionTable {
  id: Id;
  device_id: string;
  event_id: string;
  plate: string;
  position_time: Timestamp;
  lat: number;
  lng: number;
  speed: number;
}
export interface ParkVehicleTrackTable {
  plate: string;
  position_time: Timestamp;
  lat: number;
  lng: number;
  speed: number;
  road_id: string | null;
  stopped_since: Timestamp | null;
  active_rules: TextArray;
}
export interface ParkAlarmTable {
  id: Id;
  alarm_type: string;
  alarm_level: string;
  source: string;
  device_id: string | null;
  event_id: string | null;
  plate: string | null;
  company_id: string | null;
  company_name: string | null;
  road_id: string | null;
  zone_id: string | null;
  lat: number | null;
  lng: number | null;
  alarm_time: Timestamp;
  content: string;
  /** 0 unhandled, 1 handled (spec 002 §3). */
  handled: Generated<number>;
  handled_by: string | null;
  handled_name: string | null;
  handled_time: Timestamp | null;
  disposal: string | null;
}
/** Violations (rule alarms) counted by local day, type, company ('' none) and road (0 none). */
export interface ParkViolationDailyTable {
  day: ColumnType<string, string, string>;
  alarm_type: string;
  company_name: string;
  road_id: string;
  n: number;
}
export interface ParkAlarmDisposalTable {
  id: Id;
  alarm_id: string;
  user_id: string | null;
  username: string | null;
  disposal: string;
  create_time: Generated<Date>;
}
export interface ParkDeviceEventTable {
  id: Id;
  device_id: string;
  event_id: string;
  online: number;
  event_time: Timestamp;
}
export interface ParkCommandLogTable {
  id: Id;
  command: string;
  target: string | null;
  params: ColumnType<unknown, string | null, string | null>;
  user_id: string | null;
  username: string | null;
  ok: boolean;
  result: ColumnType<unknown, string | null, string | null>;
  create_time: Generated<Date>;
}
export interface ParkWhiteListTable {
  id: Id;
  plate: string;
  gate_id: string | null;
  valid_from: Timestamp;
  valid_to: Timestamp;
  owner_name: string | null;
  create_time: Generated<Date>;
}
export interface ParkBroadcastZoneTable {
  id: Id;
  zone_name: string;
  device_id: string | null;
}
export interface ParkBroadcastFileTable {
  id: Id;
  group_name: string;
  file_name: string;
  duration_s: number;
}
export interface ParkCompanyProfileTable {
  company_id: string;
  risk_level: string;
  corp_type: string;
  major_hazard: Generated<boolean>;
}
export interface ParkRiskPointTable {
  id: Id;
  company_id: string;
  point_name: string;
  risk_level: string;
  major_hazard: Generated<boolean>;
}
export interface ParkHiddenDangerTable {
  id: Id;
  company_id: string;
  title: string;
  danger_level: string;
  found_time: Timestamp;
  deadline: Timestamp | null;
  rectified_time: Timestamp | null;
}
export interface ParkCertificateTable {
  id: Id;
  company_id: string;
  cert_name: string;
  cert_no: string;
  expire_date: ColumnType<string, string, string>;
}
/* ── end park operations ── */
/* Park console (issue 24): where devices stand on the map, a camera's video-wall channel. */
export interface ParkDevicePlaceTable {
  device_id: string;
  lat: number;
  lng: number;
  channel_id: string | null;
}

/* Operations (issue 28) */
export interface SysBackupTable {
  id: Id;
  name: string;
  /** nightly | manual */
  trigger: string;
  /** running | success | failed | deleted */
  state: Generated<string>;
  db_format: string | null;
  dir: string;
  host: string | null;
  total_bytes: ColumnType<string | null, number | null | undefined, number | null>;
  file_count: number | null;
  error: string | null;
  started_at: Generated<Date>;
  finished_at: Date | null;
  deleted_at: Date | null;
}

// Video wall (issue 25)
export interface VideoGroupRoleTable {
  group_id: string;
  role_id: string;
}
export interface VideoViewLogTable {
  id: Id;
  user_id: string;
  channel_id: string;
  channel_name: string;
  /** live | playback | hlsLive | hlsRecord | flvLive | talk */
  kind: string;
  start_time: string | null;
  end_time: string | null;
  client_ip: string | null;
  create_time: Generated<Date>;
}

// --- designer drafts (issue 26) ---
/** A designer's unpublished design of one form, autosaved per user. */
export interface FormDesignDraftTable {
  form_id: string;
  user_id: string;
  form_meta: ColumnType<unknown, string, string>;
  base_version: number;
  update_time: Timestamp;
}

/** 提醒设置 (issue 39): a form's formSet JSON as the original saves it. */
export interface FormRemindSetTable {
  id: Generated<string>;
  form_id: string;
  form_set: unknown;
  update_time: Generated<Date>;
}
/** A reminder's claimed periods: the primary key makes a period run once across instances. */
export interface FormRemindPeriodTable {
  rule_key: string;
  period: string;
  claimed_at: Generated<Date>;
}
export interface FormRemindRecordTable {
  rule_key: string;
  period: string;
  record_id: string;
}
export interface FormRemindLogTable {
  id: Generated<string>;
  form_id: string;
  rule_kind: string;
  rule_index: number;
  period: string;
  record_id: string | null;
  title: string;
  receiver_id: string;
  channel: string;
  result: string;
  create_time: Generated<Date>;
}

// ── 自动报表 and 订阅 (issue 39, ADR 0057, modules/autoReport) ──
export interface AutoReportTable {
  id: Generated<string>;
  name: string;
  report_id: string;
  target: string;
  widget_id: string | null;
  frequency: unknown;
  recipients: unknown;
  enabled: Generated<boolean>;
  subscription: Generated<boolean>;
  owner_id: string;
  company_id: string | null;
  create_time: Generated<Date>;
  update_time: Generated<Date>;
}

export interface AutoReportPeriodTable {
  auto_report_id: string;
  period: string;
  claimed_at: Generated<Date>;
}

export interface AutoReportLogTable {
  id: Generated<string>;
  auto_report_id: string;
  period: string;
  trigger: string;
  receiver_ids: Generated<unknown>;
  result: string;
  error: string | null;
  file_id: string | null;
  create_time: Generated<Date>;
}

export interface AutoReportFileTable {
  file_id: string;
  receiver_id: string;
}

/** A checkpoint found missed in one planned round (巡检, ADR 0060): claimed once, its message sent once. */
export interface InspectionMissedTable {
  plan_form_id: string;
  plan_id: string;
  point_id: string;
  supervisor_id: string | null;
  found_at: Generated<Date>;
}

export interface Database {
  inspection_missed: InspectionMissedTable;
  form_remind_set: FormRemindSetTable;
  form_remind_period: FormRemindPeriodTable;
  form_remind_record: FormRemindRecordTable;
  form_remind_log: FormRemindLogTable;
  auto_report: AutoReportTable;
  auto_report_period: AutoReportPeriodTable;
  auto_report_log: AutoReportLogTable;
  auto_report_file: AutoReportFileTable;
  form_group: FormGroupTable;
  form_conf: FormConfTable;
  form_event: FormEventTable;
  sys_seed_applied: SysSeedAppliedTable;
  sys_org: SysOrgTable;
  sys_user: SysUserTable;
  sys_role: SysRoleTable;
  sys_user_role: SysUserRoleTable;
  sys_user_org: SysUserOrgTable;
  sys_org_role: SysOrgRoleTable;
  sys_menu: SysMenuTable;
  sys_role_menu: SysRoleMenuTable;
  sys_module: SysModuleTable;
  oidc_payload: OidcPayloadTable;
  sync_interface: SyncInterfaceTable;
  sys_rel_inter: SysRelInterTable;
  sync_change: SyncChangeTable;
  sync_nonce: SyncNonceTable;
  sys_theme: SysThemeTable;
  sys_platform_theme: SysPlatformThemeTable;
  form_set: FormSetTable;
  qr_sign_key: QrSignKeyTable;
  sync_delivery: SyncDeliveryTable;
  sys_data_control: SysDataControlTable;
  sys_session: SysSessionTable;
  sys_operation_log: SysOperationLogTable;
  auth_nonce: AuthNonceTable;
  auth_login_failure: AuthLoginFailureTable;
  flow_task: FlowTaskTable;
  msg_message: MsgMessageTable;
  form_task: FormTaskTable;
  sys_file: SysFileTable;
  sys_file_ref: SysFileRefTable;
  sys_file_version: SysFileVersionTable;
  sys_setting: SysSettingTable;
  sys_dic_type: SysDicTypeTable;
  sys_dic_catalog: SysDicCatalogTable;
  sys_company: SysCompanyTable;
  form_tenant: FormTenantTable;
  form_allot_task: FormAllotTaskTable;
  form_allot_task_item: FormAllotTaskItemTable;
  sys_region: SysRegionTable;
  sys_sms_log: SysSmsLogTable;
  notice: NoticeTable;
  notice_file: { notice_id: string; file_id: string };
  notice_black_list: { notice_id: string; company_id: string };
  notice_target_org: { notice_id: string; org_id: string };
  notice_target_user: { notice_id: string; user_id: string };
  notice_receiver: NoticeReceiverTable;
  notice_sms_template: NoticeSmsTemplateTable;
  doc_classification: DocTreeTable;
  doc_tag: DocTreeTable & { classification_id: string | null };
  doc_file: DocFileTable;
  doc_file_tag: { doc_file_id: string; tag_id: string };
  doc_file_black_list: { doc_file_id: string; company_id: string };
  sys_rate_limit: SysRateLimitTable;
  form_import_export: FormImportExportTable;
  form_import_error: FormImportErrorTable;
  form_import_child: FormImportChildTable;
  // Approvals (issue 20)
  flow_model: FlowModelTable;
  flow_definition: FlowDefinitionTable;
  flow_instance: FlowInstanceTable;
  flow_comment: FlowCommentTable;
  sys_holiday: SysHolidayTable;
  // Automation engine (issue 18)
  auto_flow: AutoFlowTable;
  auto_flow_version: AutoFlowVersionTable;
  auto_execution: AutoExecutionTable;
  auto_step: AutoStepTable;
  // reports (issue 21)
  report_datasource: ReportDatasourceTable;
  report_dataset: ReportDatasetTable;
  report_def: ReportDefTable;
  report_permission: ReportPermissionTable;
  report_export: ReportExportTable;
  // report groups (issue 22)
  report_group: ReportGroupTable;
  // Park operations (issue 23)
  park_device: ParkDeviceTable;
  park_gate: ParkGateTable;
  park_lane: ParkLaneTable;
  park_road: ParkRoadTable;
  park_zone: ParkZoneTable;
  park_route: ParkRouteTable;
  park_gate_pass: ParkGatePassTable;
  park_vehicle_in_park: ParkVehicleInParkTable;
  park_pass_daily: ParkPassDailyTable;
  park_person_pass: ParkPersonPassTable;
  park_person_in_park: ParkPersonInParkTable;
  park_position: ParkPositionTable;
  park_vehicle_track: ParkVehicleTrackTable;
  park_alarm: ParkAlarmTable;
  park_alarm_disposal: ParkAlarmDisposalTable;
  park_violation_daily: ParkViolationDailyTable;
  park_device_event: ParkDeviceEventTable;
  park_command_log: ParkCommandLogTable;
  park_white_list: ParkWhiteListTable;
  park_broadcast_zone: ParkBroadcastZoneTable;
  park_broadcast_file: ParkBroadcastFileTable;
  park_company_profile: ParkCompanyProfileTable;
  park_risk_point: ParkRiskPointTable;
  park_hidden_danger: ParkHiddenDangerTable;
  park_certificate: ParkCertificateTable;
  // Park console (issue 24)
  park_device_place: ParkDevicePlaceTable;
  // Operations (issue 28)
  sys_backup: SysBackupTable;
  // Video wall (issue 25)
  video_group_role: VideoGroupRoleTable;
  video_view_log: VideoViewLogTable;
  // designer drafts (issue 26)
  form_design_draft: FormDesignDraftTable;
  // Micro-apps and workbenches (issue 37)
  micro_function: MicroFunctionTable;
  micro_app: MicroAppTable;
  micro_app_function: MicroAppFunctionTable;
  micro_template: MicroTemplateTable;
  micro_template_menu: MicroMenuTable & { template_id: string };
  micro_workbench_menu: MicroMenuTable & { company_id: string | null };
  micro_workbench_permission: MicroWorkbenchPermissionTable;
  // Application packages (issue 41)
  app_package: AppPackageTable;
  app_package_part: AppPackagePartTable;
}

/** 功能 (issue 37): a form (type 0), a flow (1) or a special page (2); shown on 全部 0 / PC 1 / 移动端 2. */
export interface MicroFunctionTable {
  id: Id;
  fun_name: string;
  type: number;
  show_type: number;
  form_id: string | null;
  menu_url: string | null;
  component: string | null;
  tag: string | null;
  explanation: string | null;
  icon_id: string | null;
  create_by: string | null;
  create_time: Generated<Date>;
  update_time: Date | null;
}

export interface MicroAppTable {
  id: Id;
  app_name: string;
  app_type: Generated<number>;
  introduce: string | null;
  tag: string | null;
  icon_name: string | null;
  icon_bg_color: string | null;
  icon_id: string | null;
  create_by: string | null;
  create_time: Generated<Date>;
  update_time: Date | null;
}

export interface MicroAppFunctionTable {
  app_id: string;
  function_id: string;
  sort: Generated<number>;
}

export interface MicroTemplateTable {
  id: Id;
  template_name: string;
  apply_industry: string | null;
  explanation: string | null;
  create_by: string | null;
  create_time: Generated<Date>;
  update_time: Date | null;
}

/** A node of a template's or a workbench's tree: level 1 group, 2 sub-group, 3 app. */
export interface MicroMenuTable {
  id: Id;
  parent_id: string | null;
  menu_name: string;
  level: number;
  type: number;
  sort: number;
  app_id: string | null;
  quick_app: Generated<number>;
}

/** 可见范围: type 0 an organisation (and those below it), 1 a person. */
export interface MicroWorkbenchPermissionTable {
  menu_id: string;
  type: number;
  sub_id: string;
  sub_name: string;
}

/** An installed application package (issue 41, ADR 0054); company null: installed in the park. */
export interface AppPackageTable {
  id: Id;
  code: string;
  name: string;
  version: string;
  description: Generated<string>;
  manifest: ColumnType<unknown, string, string>;
  company_id: string | null;
  installed_by: string | null;
  install_time: Generated<Date>;
  update_time: Generated<Date>;
}

/** A part an application installed: its logical code in the package and the installation's id. */
export interface AppPackagePartTable {
  package_id: string;
  kind: 'form' | 'dictionary' | 'menu' | 'flow' | 'automation' | 'dataset' | 'report' | 'form_settings' | 'micro_app' | 'micro_function';
  code: string;
  local_id: string;
}
