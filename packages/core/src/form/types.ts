/**
 * The form definition (formMeta) as the original designer produced it (form-making lineage,
 * spec 000 §3, spec 001 §3.7). These types accept that JSON as it is: numbers and flags may
 * arrive as strings, and any extra key is tolerated. Code in this folder reads every field
 * defensively, because a formMeta is user-designed JSON text.
 */

/** A number the designer may have saved as text ("5"). */
export type NumberLike = number | string;
/** A flag the designer may have saved as text ("true"). */
export type FlagLike = boolean | string | number;

export interface ControlOption {
  value: string | number;
  label?: string;
  /** Keys of the controls shown while this option is chosen (spec 000 §4). */
  relatedList?: string[];
  [extra: string]: unknown;
}

export interface FormulaConfig {
  /** number, year, year_month, month, date, datetime or time; also plus/subtract/multiply/divide/equal. */
  type?: string;
  /** Tokens as the designer pushed them: "${model}", operators, digits. A single string is accepted too. */
  exp?: ReadonlyArray<string | number> | string;
  decimal?: NumberLike;
}

export interface MapsMapping {
  selectKey?: string;
  model?: string;
  [extra: string]: unknown;
}

export interface MapsSourceColumn {
  column?: string;
  name?: string;
  bakName?: string;
  [extra: string]: unknown;
}

export interface MapsConfig {
  key?: string;
  name?: string;
  title?: string;
  mapping?: MapsMapping[];
  source?: { datasource?: string; table?: string; columns?: MapsSourceColumn[]; [extra: string]: unknown };
  [extra: string]: unknown;
}

/** t = 0 takes v from the form, t = 1 is the fixed value v (spec 000 §3). */
export interface UrlParam {
  t?: NumberLike;
  k?: string;
  v?: string | number;
  [extra: string]: unknown;
}

export interface DsConf {
  formId?: NumberLike;
  formName?: string;
  key?: string;
  subKey?: string;
  columns?: unknown[];
  conditions?: unknown[];
  condFilters?: unknown[];
  mapping?: Record<string, unknown> | Array<{ key?: string; value?: string; [extra: string]: unknown }>;
  defaultSelect?: FlagLike;
  [extra: string]: unknown;
}

export interface ControlOptions {
  width?: string;
  placeholder?: string;
  disabled?: FlagLike;
  /** Disabled in edit mode only. */
  editDisabled?: FlagLike;
  /** Not shown in add mode. */
  showFields?: FlagLike;
  /** Not shown in edit mode. */
  editShowFields?: FlagLike;
  required?: FlagLike;
  defaultValue?: unknown;
  /** 0 fixed value, 1 the current date. */
  defaultType?: NumberLike;
  defaultCurrentUser?: FlagLike;
  min?: NumberLike;
  max?: NumberLike;
  step?: NumberLike;
  enableMinMax?: FlagLike;
  showInput?: FlagLike;
  range?: FlagLike;
  isRange?: FlagLike;
  clearable?: FlagLike;
  editable?: FlagLike;
  readonly?: FlagLike;
  arrowControl?: FlagLike;
  dataType?: string;
  /** In this platform family `remote: true` means the static `options` list is used (see choice controls). */
  remote?: FlagLike;
  remoteUrl?: string;
  remoteCall?: string;
  remoteOptions?: ControlOption[];
  options?: ControlOption[];
  showLabel?: FlagLike;
  inline?: FlagLike;
  multiple?: FlagLike;
  filterable?: FlagLike;
  /** The date picker's value format (element-ui tokens: yyyy MM dd HH mm ss). */
  format?: string;
  timestamp?: FlagLike;
  /** Megabytes. */
  maxFileSize?: NumberLike;
  /** Maximum file count. */
  length?: NumberLike;
  action?: string;
  fileList?: unknown[];
  /** Comma list of preset image ids or URLs. */
  presetImgs?: string;
  displayModel?: string;
  props?: Record<string, unknown>;
  urlParams?: UrlParam[];
  maps?: MapsConfig;
  dsConf?: DsConf;
  formula?: FormulaConfig;
  gutter?: NumberLike;
  justify?: string;
  align?: string;
  openMsg?: string;
  closeMsg?: string;
  gisType?: string;
  city?: string;
  zoom?: NumberLike;
  lat?: NumberLike;
  lnt?: NumberLike;
  /** Map radius in metres when the map control records one (1 to 100000, spec 000 §5). */
  positionScope?: FlagLike;
  /** A regular expression held as text, e.g. "/^1([3-9])\\d{9}$/". */
  pattern?: string;
  [extra: string]: unknown;
}

/** An async-validator rule as the designer stored it; patterns are text, never RegExp objects. */
export interface FormRule {
  required?: FlagLike;
  message?: string;
  pattern?: string;
  type?: string;
  trigger?: string | string[];
  [extra: string]: unknown;
}

export interface GridColumn {
  span?: NumberLike;
  list?: FormControl[];
  [extra: string]: unknown;
}

export interface FormControl {
  /** One of ControlType (form/registry.ts); any other text is accepted here and reported by validateFormMeta. */
  type: string;
  key?: string;
  /** Where the value is stored; for a sub-table, its subKey. */
  model?: string;
  /** Where a picker stores its display label. */
  label_model?: string;
  label_name?: string;
  key_name?: string;
  name?: string;
  title?: string;
  /** Dictionary type of dic_select / m_dic_select. */
  typeCode?: string;
  /** Column names of region_select and gis_select parts. */
  modelExt?: Record<string, unknown>;
  options: ControlOptions;
  rules?: FormRule[];
  show?: boolean;
  /** The controls of a sub-table. */
  tableColumns?: FormControl[];
  /** The columns of a grid. */
  columns?: GridColumn[];
  comment?: string;
  [extra: string]: unknown;
}

export interface FormConfig {
  labelWidth?: NumberLike;
  labelPosition?: string;
  size?: string;
  isBorder?: FlagLike;
  borderColor?: string;
  borderWidth?: NumberLike;
  borderStyle?: string;
  labelSuffix?: string;
  [extra: string]: unknown;
}

/** A list-page query field (spec 000 §3 "Query condition"). */
export interface QueryConditionSetting {
  key?: string;
  opt?: string;
  label?: string;
  type?: string;
  options?: unknown;
  [extra: string]: unknown;
}

/** Where a custom button goes (spec 000 §3 "Jump info"). */
export interface JumpInfo {
  type?: NumberLike;
  /** 0 to 3. */
  urlType?: NumberLike;
  url?: string;
  params?: Array<{ model?: string; paramName?: string; type?: NumberLike; [extra: string]: unknown }>;
  dialogTitle?: string;
  dialogWidth?: NumberLike;
  dialogFullscreen?: FlagLike;
  requestMethod?: string;
  respParamSet?: { errCode?: string; errMsg?: string; [extra: string]: unknown };
  formId?: NumberLike;
  [extra: string]: unknown;
}

export interface ButtonSetting {
  key?: string;
  name?: string;
  jumpInfo?: JumpInfo;
  [extra: string]: unknown;
}

export interface SensorSettings {
  queryConditions?: QueryConditionSetting[];
  functionButtons?: ButtonSetting[];
  queryResults?: unknown[];
  optButtons?: ButtonSetting[];
  queryLayout?: { columnCount?: NumberLike; [extra: string]: unknown };
  addShowType?: NumberLike;
  [extra: string]: unknown;
}

/** The "advanced settings" page layout (widgets of advancedSetting.config.json). */
export interface SensorSettingsV2 {
  widgets?: Array<{ type?: string; options?: Record<string, unknown>; [extra: string]: unknown }>;
  [extra: string]: unknown;
}

export interface FormMeta {
  list: FormControl[];
  config: FormConfig;
  sensorSettings?: SensorSettings;
  sensorSettingsV2?: SensorSettingsV2;
  [extra: string]: unknown;
}

/** Either a whole form or one list of controls (meta.list, a table's tableColumns). */
export type ControlSource = FormMeta | readonly FormControl[];

// ---- storage ------------------------------------------------------------------------------

export type SqlType = 'text' | 'numeric';

export interface Column {
  name: string;
  sqlType: SqlType;
}

/**
 * Column values as they go to and come from the database. Numeric columns carry exact decimal
 * text ("12.50"), which PostgreSQL accepts and returns for numeric.
 */
export type StoredRow = Record<string, string | null>;

// ---- form values (what an editor holds) ----------------------------------------------------

/** Single pickers and current_user: the id under model, the label under label_model. */
export interface PickerValue {
  id: string;
  label: string;
}

/** m_ pickers store a JSON list of these. */
export interface MultiPickerItem {
  k: string;
  v: string;
}

export interface RegionValue {
  province: string;
  provinceCode: string;
  city: string;
  cityCode: string;
  area: string;
  areaCode: string;
}

/** Decimal text keeps the map's precision exactly. */
export interface GisValue {
  lat: string;
  lng: string;
  address: string;
  positionScope?: string;
}

export type FormValue =
  | null
  | string
  | number
  | boolean
  | string[]
  | number[]
  | PickerValue
  | MultiPickerItem[]
  | RegionValue
  | GisValue
  | FormValues[];

/** Values keyed by control model. Input from the outside is untrusted, hence unknown. */
export type FormValues = Record<string, unknown>;

// ---- context ------------------------------------------------------------------------------

export interface FileMeta {
  fileId?: string;
  originalName?: string;
  suffix?: string;
  /** Bytes. */
  size?: number;
  contentType?: string;
}

export interface FormContext {
  /** add or edit; decides which showFields / editShowFields flags apply. */
  mode?: 'add' | 'edit';
  /** The server's current date-time, yyyy-MM-dd HH:mm:ss (getCurrentDate). */
  currentDate?: string;
  currentUser?: { id: string | number; realName?: string; userType?: number | string };
  /** The company of the current user (getCompanyInfoByUserId). */
  currentCompany?: { id: string | number; companyName?: string };
  /** Metadata of uploaded files, for size and type checks; the server supplies it. */
  fileInfo?: (fileId: string) => FileMeta | undefined;
}
