import type { AllotKind } from './allotStatus.ts';

/** Replies of 表单分配's calls (screens-round3 §1.2), shared by the server's tests and the screen. */

export interface PlatFormConfRow {
  formId: number;
  formName: string;
  formGroup: string;
  /** 0 启用, else 停用. */
  flag: number;
  /** 0 表单, else 流程. */
  formType: number;
  createTime: string;
}

export interface FormDependsReply {
  originalFormMap: Record<string, string>;
  dependsFormMap: Record<string, string>;
  dependTables?: string[];
  dependDictionaries?: string[];
}

export interface AllotTenant {
  id: number;
  tenantName: string;
  /** 1 启用, 0 禁用. */
  status: number;
}

export interface AllotTenantsReply {
  tenantList: AllotTenant[];
  /** Every tenant (this branch's stand-in for listTenant). */
  allTenantList?: AllotTenant[];
}

export interface AllotTaskStatus {
  status: 'syncing' | 'finished' | 'failed';
  kind?: AllotKind;
  statusDesc?: Record<string, number>;
  statusMsg?: Record<string, string>;
}
