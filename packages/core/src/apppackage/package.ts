import type { FlowNode } from '../flow/types.ts';
import type { FormMeta } from '../form/types.ts';
import type { DsMeta } from '../report/dataset.ts';
import type { CondRemind, FormRemind } from '../remind/types.ts';
import type { DesignChange } from '../tenant/formDepends.ts';

/*
 * The shapes of an application package (ADR 0054) and of its preview, in one file that imports
 * nothing of the package code: the part kinds (parts/<kind>), the reader and the preview all
 * read these, so none of them needs another to know what a package is.
 */

export interface ManifestEntry {
  path: string;
  sha256: string;
}

export interface AppManifest {
  format: number;
  app: { code: string; name: string; version: string; description: string };
  /** What the package needs the installation to have already (codes). */
  dependencies: { dictionaries: string[] };
  /**
   * The codes of each kind's parts (parts/index.ts). `forms` and `dictionaries` are always there;
   * the later kinds (`flows` since part 2, `automations` … since part 3) may be absent: none.
   */
  parts: { forms: string[]; dictionaries: string[] } & Partial<Record<PartKey, string[]>>;
  entries: ManifestEntry[];
  /** sha256 over the entries' lines (`path sha256\n`, sorted by path). */
  sha256: string;
  exportedAt: string;
}

/**
 * `automations/<code>.json`: one automation (自动化) as its designer saved it. Every form it names
 * (the trigger's, each form action's) is `@form:<code>` of a form in the package; a message's
 * roles are `@role:<code>`, its people dropped by export with a note.
 */
export interface PackagedAutomation {
  code: string;
  flowName: string;
  /** 1 enabled, 0 disabled: installed as exported. */
  status: 0 | 1;
  tree: FlowNode;
  notes: string[];
}

/**
 * `datasets/<code>.json`: a dataset (数据集) over one packaged form, always on the platform's own
 * database (a dataset on an external connection is not packaged: its server, user and password
 * belong to one installation). Its columns' tables are `@form:<code>` / `@form:<code>__<sub>`.
 */
export interface PackagedDataset {
  code: string;
  name: string;
  meta: DsMeta;
}

/** `dictionaries/<typeCode>.json`: a dictionary type with its entries (parents by code). */
export interface PackagedDictEntry {
  code: string;
  name: string;
  parent: string | null;
  order: number;
}

export interface PackagedDictionary {
  typeCode: string;
  typeName: string;
  entries: PackagedDictEntry[];
}

/** `flows/<form code>.json`: a form's approval flow (its active version); roles as `@role:<code>` (tree.ts). */
export interface PackagedFlow {
  /** The code of the form in the package the flow belongs to. */
  form: string;
  modelName: string;
  tree: FlowNode;
  /** What export left out (users, organisations), shown in the preview. */
  notes: string[];
}

/**
 * `formsets/<form code>.json`: a form's settings that belong to the application (ADR 0064): its
 * 提醒设置 (定时填报提醒 and 数据提醒) as the dialog saves them, with roles as `@role:<code>` and
 * no people (默认接收人 and picked users are one installation's ids: export drops them with a
 * note, install names the installing administrator where a rule is left with nobody). The QR-code
 * entries (二维码设置) do not travel: see ADR 0064.
 */
export interface PackagedFormSet {
  /** The code of the form in the package the settings belong to. */
  form: string;
  formSet: { formRemind: FormRemind[]; condRemind: CondRemind[] };
  /** What export left out, shown in the preview. */
  notes: string[];
}

/** `forms/<code>.json`: a form's design with its list and mobile settings, and its list menu. */
export interface PackagedForm {
  /** Logical code, unique in the package. */
  code: string;
  formName: string;
  /** The design with its list and mobile settings; form references are `@form:<code>`. */
  meta: FormMeta;
  /** The list menu: its group's name and the role codes it is granted to. */
  menu: { group: string; name: string; roles: string[] } | null;
  /**
   * Its group in 表单管理 (by name, found or made by the install); absent: 未分组. An upgrade
   * leaves a form the administrator has put in a group where it is (ADR 0068).
   */
  group?: string;
}

/**
 * `microapps/<code>.json`: the micro-app (微应用) the application appears as on the workbench,
 * with its functions in order. A form or flow function names its form as `@form:<code>` of the
 * package; a special page (专项服务) names its route. The icon file is not packaged (an
 * installation's file); the micro-app shows its icon name and colour.
 */
export interface PackagedMicroFunction {
  /** Logical code, unique in the micro-app. */
  code: string;
  funName: string;
  /** 0 a form, 1 a flow, 2 a special page. */
  type: 0 | 1 | 2;
  /** Shown on 0 全部, 1 PC, 2 移动端. */
  showType: 0 | 1 | 2;
  form: string | null;
  menuUrl: string | null;
  component: string | null;
  tag: string | null;
  explanation: string | null;
}

export interface PackagedMicroApp {
  code: string;
  appName: string;
  appType: number;
  introduce: string | null;
  tag: string | null;
  iconName: string | null;
  iconBgColor: string | null;
  functions: PackagedMicroFunction[];
}

/**
 * `reports/<code>.json`: a report (报表) or dashboard (大屏) with its design. Its widgets name
 * datasets as `@dataset:<code>` and form tables as `@form:<code>[__<sub>]`, both in the package;
 * who may read it is a list of role codes; its published menu (发布, /report/view/<id>) if it has one.
 */
export interface PackagedReport {
  code: string;
  name: string;
  kind: 'report' | 'dashboard';
  settingMeta: Record<string, unknown>;
  /** Role codes granted to read it (report_permission). */
  roles: string[];
  menu: { group: string; name: string; roles: string[] } | null;
}

/** The parts of a package, by manifest key (parts/index.ts checks PART_KINDS against it). */
export interface PackageParts {
  forms: PackagedForm[];
  dictionaries: PackagedDictionary[];
  flows: PackagedFlow[];
  automations: PackagedAutomation[];
  datasets: PackagedDataset[];
  reports: PackagedReport[];
  microapps: PackagedMicroApp[];
  formsets: PackagedFormSet[];
}

export type PartKey = keyof PackageParts;

export type AppPackage = { manifest: AppManifest } & PackageParts;

export type PartAction = '新建' | '更新' | '不变';

export interface PartPreview {
  /** The part kind (parts/index.ts: form, dictionary, flow, automation …). */
  kind: string;
  /** Its Chinese name (表单, 自动化 …). */
  label: string;
  code: string;
  name: string;
  action: PartAction;
  /** Field names (the designer's labels) an upgrade adds. */
  added: string[];
  /** Fields an upgrade drops or retypes, e.g. 「数量」改为数字. */
  changed: string[];
  /** A form's group in 表单管理 as the package names it (forms only). */
  group?: string;
}

export interface InstalledApp {
  version: string;
  /** The application's forms by code: their current name and design. */
  forms: ReadonlyMap<string, { formName: string; meta: FormMeta }>;
  dictionaries: ReadonlySet<string>;
}

export interface InstallationState {
  /**
   * This application's installed parts other than forms and dictionaries, by kind (`flow`,
   * `automation` …) then code, made portable the way export makes them (roles as codes, forms as
   * `@form:`), so each kind's preview compares them with the packaged ones.
   */
  portable?: ReadonlyMap<string, ReadonlyMap<string, unknown>>;
  /** Role codes the target has: a flow naming another is refused (nobody would approve). */
  roleCodes?: ReadonlySet<string>;
  /** This application as installed in the target, or null. */
  app: InstalledApp | null;
  /** Names of forms in the target that are not this application's. */
  otherFormNames: ReadonlySet<string>;
  /** Dictionary type codes the target has (any owner). */
  dictionaries: ReadonlySet<string>;
}

export interface PackagePreview {
  code: string;
  name: string;
  version: string;
  /** null: a first install. */
  fromVersion: string | null;
  parts: PartPreview[];
  /** Design changes of each upgraded form by code, for the server's data check. */
  changes: Array<{ code: string; formName: string; changes: DesignChange[]; before: FormMeta }>;
  reasons: string[];
  /** Things done differently than asked, said to the user (a dictionary the target already has …). */
  notes: string[];
}

