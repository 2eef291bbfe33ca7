/**
 * The flow tree shared by automations (spec 001 §2.1, §3) and approvals (spec 002): a chain of
 * nodes through `childNode`; a route node (type 3) holds its branches in `conditionNodes`, each a
 * condition node (type 2) with its own chain. DESIGN.md §10.
 */
export interface FlowNode<Conf = unknown> {
  /** Stable across saves, so executions and tasks can name the node they are at. */
  nodeId: string;
  nodeName: string;
  type: number;
  priorityLevel?: number;
  error?: boolean;
  conf?: Conf;
  childNode?: FlowNode | null;
  conditionNodes?: FlowNode[];
  [extra: string]: unknown;
}

/** Automation node types (spec 001 §2.1, the canvas reading). */
export const AUTOMATION_NODE_TYPES = { trigger: 0, action: 1, condition: 2, route: 3 } as const;
export type AutomationNodeType = (typeof AUTOMATION_NODE_TYPES)[keyof typeof AUTOMATION_NODE_TYPES];

export type FormEventKind = 'insert' | 'update' | 'delete';
export const FORM_EVENTS: readonly FormEventKind[] = ['insert', 'update', 'delete'];

/** Spec 001 §3.2. */
export interface TriggerConf {
  triggerType?: string;
  destId?: number | string | null;
  destName?: string;
  event?: FormEventKind | '';
}

/** Spec 001 §3.5: a filter item of a form action (main form or sub-table). */
export interface FilterItem {
  key?: string;
  model: string;
  /** 0 single, 1 or, 2 and. */
  condType?: number | string;
  conds: Array<{ matchType: string; value?: unknown; valueType?: number | string }>;
}

export const CALCULATIONS = ['plus', 'subtract', 'multiply', 'divide', 'equal'] as const;
export type Calculation = (typeof CALCULATIONS)[number];

/** Spec 001 §3.3; `type` '0' a fixed value, '1' a variable or formula (reference/examples/automation-flow.json). */
export interface ColumnConf {
  key?: string;
  model: string;
  cType?: string;
  name?: string;
  type?: string | number;
  value?: unknown;
  /** On update: the calculation applied to the target's current value. */
  formula?: Calculation | '';
}

export interface SubTableConf {
  key: string;
  operate?: FormEventKind | '';
  filter?: FilterItem[];
  columns?: ColumnConf[];
}

export interface FormTaskConf {
  actionType: 'formTask';
  action?: FormEventKind | '';
  formConf?: {
    formId?: number | string | null;
    formName?: string;
    filter?: FilterItem[];
    columns?: ColumnConf[];
    subTable?: SubTableConf[];
  };
}

export interface MsgTaskConf {
  actionType: 'msgTask';
  messageType?: string;
  title?: string;
  content?: string;
  menuUrl?: string;
  recipient?: Recipient;
}

/**
 * The action types (spec 001 §3.3) and the conf each saves. A type added here must be handled by
 * core's ACTION_DEFINITIONS, the server's ACTION_RUNNERS and the web's ACTION_UI (all three are
 * typed over these keys, so the compiler names whatever was forgotten).
 */
export interface ActionConfs {
  formTask: FormTaskConf;
  msgTask: MsgTaskConf;
}
export type ActionType = keyof ActionConfs;

export type ActionConf = ActionConfs[ActionType] | { actionType?: '' };

/** Spec 001 §3.5. */
export interface FieldCond {
  model?: string;
  type?: string;
  dataType?: 'Number' | 'Date' | 'String' | string;
  matchType?: string;
  value?: unknown;
  groups?: FieldCond[];
  condType?: 'and' | 'or' | string;
}

export interface FieldCondGroup {
  condType?: 'and' | 'or' | string;
  conds: FieldCond[];
}

export interface FieldUpdateCond {
  model: string;
  /** '0' any change, '1' from beforeValue to afterValue, '2' changed to assignValue. */
  updateWay: '0' | '1' | '2' | string;
  beforeValue?: unknown;
  afterValue?: unknown;
  assignValue?: unknown;
}

export interface ConditionConf {
  condition?: {
    fieldConds?: { condType?: 'and' | 'or' | string; conditions?: FieldCondGroup[] };
    fieldUpdateConds?: FieldUpdateCond[];
  };
}

/** Spec 001 §3.4. */
export interface Recipient {
  type: number;
  /** Supervisor level 1–5 for type 2. */
  leader?: number | string | null;
  role?: Array<{ roleId: string | number; roleName?: string }>;
  person?: Array<{ id: string | number; name?: string; type?: number | string }>;
  orgAndRole?: Array<{ orgId: string | number; orgName?: string; roleId: string | number; roleName?: string }>;
  dyncUserAndRole?: Array<{ model: string; roleId: string | number; roleName?: string }>;
  dyncOrgAndRole?: Array<{ model: string; roleId: string | number; roleName?: string }>;
  /** Type 10: the users of the company in a 企业 field of the record (e.g. 收货企业) who hold the role. */
  dyncCompanyAndRole?: Array<{ model: string; roleId: string | number; roleName?: string }>;
  cuserOrgAndRole?: Array<{ roleId: string | number; roleName?: string }>;
  model?: string;
  conditions?: Array<{ key: string; name?: string; type?: string; opt: string; value?: unknown }>;
}
