import type { PackageParts, PartKey } from '../package.ts';
import { automationsKind } from './automations/index.ts';
import { datasetsKind } from './datasets/index.ts';
import { reportsKind } from './reports/index.ts';
import { microAppsKind } from './microapps/index.ts';
import { dictionariesKind } from './dictionaries/index.ts';
import { flowsKind } from './flows/index.ts';
import { formsKind } from './forms/index.ts';
import { formSetsKind } from './formsets/index.ts';
import type { PartKind } from './types.ts';

/*
 * Every part kind an application package carries (ADR 0054 part 3), in the order they are read
 * and previewed: a kind may read the kinds before it (a flow its form). Adding a kind is a folder
 * under parts/ and one line here (and its server half in modules/apppackage/parts/).
 */
export const PART_KINDS = {
  forms: formsKind,
  dictionaries: dictionariesKind,
  flows: flowsKind,
  automations: automationsKind,
  datasets: datasetsKind,
  reports: reportsKind,
  microapps: microAppsKind,
  formsets: formSetsKind,
} as const satisfies { [K in PartKey]: PartKind<PackageParts[K][number]> };

export const PART_KEYS = Object.keys(PART_KINDS) as PartKey[];

/** The Chinese name of each kind (PartPreview.kind → 表单, 自动化 …), for the preview's table. */
export const PART_KIND_LABELS: Readonly<Record<string, string>> = Object.fromEntries(PART_KEYS.map((k) => [PART_KINDS[k].kind, PART_KINDS[k].label]));

/** The entry of a part: `<key>/<code>.json`. */
export const partEntry = (key: PartKey, code: string): string => `${key}/${code}.json`;

export { DATASET_REF_PREFIX, formTableParts, mapReportRefs } from './datasets/refs.ts';
export { REPORT_KIND_LABELS } from './reports/index.ts';
export { automationFormCode, mapAutomationFormRefs, MESSAGE_RECIPIENT } from './automations/index.ts';
export { formSetRoleCodes, mapRemindRecipients, type RemindRule } from './formsets/index.ts';
export { APPROVAL_RECIPIENT, flowRoleCodes, localFlowTree, localRecipient, portableFlowTree, portableRecipient, sameFlowTree, ROLE_REF_PREFIX, type RecipientPlace } from './flows/index.ts';
export { canonicalJson, sameJson, type PartKind } from './types.ts';
