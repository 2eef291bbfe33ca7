import { definitionOf, isSubTable, traitsOf, traitsOfType } from '../form/registry.ts';
import { modelOf, nameOf } from '../form/lib/values.ts';
import { flattenControls, subTableChildren, subTablesOf } from '../form/walk.ts';
import type { ControlSource, FormControl } from '../form/types.ts';
import type { MatchType } from '../query/matchTypes.ts';

/**
 * The fields the automation designer offers (spec 001 §2.5, §3.5–3.6): a form's value controls
 * with the data type that decides their match types, and its sub-tables with theirs.
 */
export type FlowDataType = 'Number' | 'Date' | 'String';

export interface FlowField {
  model: string;
  name: string;
  /** The control type (cType of a column, type of a condition). */
  type: string;
  dataType: FlowDataType;
  /** A condition or filter may compare it (spec 001 §3.6 leaves out lists, files, places, signatures). */
  comparable: boolean;
  control: FormControl;
}

export interface FlowSubTable {
  key: string;
  name: string;
  fields: FlowField[];
}

const NOT_COMPARABLE_FAMILIES: ReadonlySet<string> = new Set(['upload', 'gis', 'region', 'multiPicker', 'subTable', 'layout']);

function dataTypeOf(control: FormControl): FlowDataType {
  const family = definitionOf(control)?.family;
  if (family === 'number' || family === 'formula') return 'Number';
  // A month (MM) or a time of day is no calendar date: the server compares it as text.
  if (family === 'date') return traitsOf(control).calendarDate ? 'Date' : 'String';
  return 'String';
}

function fieldsOf(source: ControlSource | FormControl[]): FlowField[] {
  return flattenControls(source as ControlSource)
    .filter((c) => !isSubTable(c) && modelOf(c) !== '' && (definitionOf(c)?.columns(c).length ?? 0) > 0)
    .map((c) => ({
      model: modelOf(c),
      name: nameOf(c),
      type: c.type,
      dataType: dataTypeOf(c),
      comparable: !NOT_COMPARABLE_FAMILIES.has(definitionOf(c)?.family ?? '') && traitsOf(c).flowComparable,
      control: c,
    }));
}

export function flowFieldsOf(meta: ControlSource): { main: FlowField[]; subTables: FlowSubTable[] } {
  return {
    main: fieldsOf(meta),
    subTables: subTablesOf(meta)
      .filter((t) => modelOf(t) !== '')
      .map((t) => ({ key: modelOf(t), name: nameOf(t), fields: fieldsOf(subTableChildren(t)) })),
  };
}

/** Spec 001 §3.6, in the product's Chinese. */
export const FLOW_MATCH_TYPE_TEXT: Partial<Record<MatchType, string>> = {
  $eq: '等于',
  $neq: '不等于',
  $gt: '大于',
  $gte: '大于等于',
  $lt: '小于',
  $lte: '小于等于',
  $like: '包含',
  $nlike: '不包含',
  $hlike: '开头是',
  $null: '为空',
  $notnull: '不为空',
  $empty: '空文本',
  $monthAgo: '几个月前',
  $weekAgo: '几周前',
  $dayAgo: '几天前',
  $theDay: '当天',
  $monthAfter: '几个月后',
  $weekAfter: '几周后',
  $dayAfter: '几天后',
};

const COMPARE: readonly MatchType[] = ['$eq', '$neq', '$gt', '$gte', '$lt', '$lte'];
/** The match types each data type offers (spec 001 §3.6). */
export const MATCH_TYPES_BY_DATA_TYPE: Record<FlowDataType, readonly MatchType[]> = {
  Number: COMPARE,
  Date: [...COMPARE, '$monthAgo', '$weekAgo', '$dayAgo', '$theDay', '$monthAfter', '$weekAfter', '$dayAfter'],
  String: ['$eq', '$like', '$nlike', '$neq', '$hlike', '$null', '$notnull', '$empty'],
};

/** Numeric controls whose column needs a value (spec 001 §5.2 请输入{name}): the numberEntry trait. */
export const needsNumberValue = (type: unknown): boolean => traitsOfType(type).numberEntry;
