/**
 * What is wrong with list-page settings, in words for the administrator, each naming the entry.
 * The editor shows these beside the settings; nothing here changes them.
 */
import { isRecord, scalarText } from '../form/lib/values.ts';
import type { ButtonSetting, FormMeta, JumpInfo } from '../form/types.ts';
import { planJump } from '../listPage/jump.ts';
import {
  listColumnChoices,
  matchTypesFor,
  MATCH_TYPE_LABEL,
  MAX_SHEET_POSITION,
  type ColumnChoice,
  type ListMatchType,
  type NormalizedSensorSettings,
  type ResultColumnSetting,
} from './normalize.ts';

export interface ListSettingsProblem {
  /** Where: the part of the settings (queryConditions.2, optButtons.0.jumpInfo…). */
  path: string;
  message: string;
}

const text = (v: unknown) => scalarText(v).trim();
const DATE_TOKENS = /^(?:yyyy|yy|MM|M|dd|d|HH|H|mm|m|ss|s|[^A-Za-z])+$/;

/** A custom jump's problems; `where` starts each message (e.g. 行按钮「打印」). */
export function checkJumpInfo(
  info: JumpInfo | undefined,
  choices: readonly ColumnChoice[],
  where = '跳转',
  path = 'jumpInfo',
): ListSettingsProblem[] {
  const out: ListSettingsProblem[] = [];
  // planJump is what the list page does on a click; its refusals are the spec's own messages.
  const plan = planJump(info, {});
  if (plan.kind === 'error') out.push({ path, message: `${where}：${plan.message}` });
  const params = info && Array.isArray(info.params) ? info.params.filter(isRecord) : [];
  params.forEach((p, i) => {
    const name = text(p.paramName) || text(p.model);
    if (!name) out.push({ path: `${path}.params.${i}`, message: `${where}：第${i + 1}个参数缺少参数名` });
    else if (text(p.type) !== '1' && !choices.some((c) => c.key === text(p.model))) {
      out.push({ path: `${path}.params.${i}`, message: `${where}：参数「${name}」取值的字段「${text(p.model)}」不存在` });
    }
  });
  if (params.length > 0) {
    const names = params.map((p) => text(p.paramName) || text(p.model)).filter(Boolean);
    const dup = names.find((n, i) => names.indexOf(n) !== i);
    if (dup) out.push({ path: `${path}.params`, message: `${where}：参数「${dup}」重复` });
  }
  return out;
}

function buttonProblems(buttons: ButtonSetting[] | undefined, kind: string, path: string, choices: readonly ColumnChoice[]) {
  const out: ListSettingsProblem[] = [];
  (buttons ?? []).forEach((b, i) => {
    const name = text(b.name);
    if (!name) out.push({ path: `${path}.${i}`, message: `${kind}第${i + 1}项缺少按钮名称` });
    if (b.key === 'custom') out.push(...checkJumpInfo(b.jumpInfo, choices, `${kind}「${name || i + 1}」`, `${path}.${i}.jumpInfo`));
  });
  return out;
}

function columnProblems(list: readonly { key: string }[], kind: string, path: string, choices: readonly ColumnChoice[]) {
  const out: ListSettingsProblem[] = [];
  list.forEach((c, i) => {
    if (!c.key) out.push({ path: `${path}.${i}`, message: `${kind}第${i + 1}列未选择字段` });
    else if (!choices.some((x) => x.key === c.key)) out.push({ path: `${path}.${i}`, message: `${kind}第${i + 1}列：字段「${c.key}」不存在` });
  });
  return out;
}

function positionProblem(v: number, what: string, path: string): ListSettingsProblem[] {
  return Number.isInteger(v) && v >= 1 && v <= MAX_SHEET_POSITION ? [] : [{ path, message: `${what}须为 1 到 ${MAX_SHEET_POSITION} 的整数` }];
}

export function checkSensorSettings(s: NormalizedSensorSettings, meta: FormMeta): ListSettingsProblem[] {
  const choices = listColumnChoices(meta);
  const out: ListSettingsProblem[] = [];

  const seen = new Set<string>();
  s.queryConditions.forEach((c, i) => {
    const key = text(c.key);
    const label = text(c.label) || key;
    const choice = choices.find((x) => x.key === key);
    if (!choice) out.push({ path: `queryConditions.${i}`, message: `查询条件「${label}」：字段「${key}」不存在` });
    else if (!matchTypesFor(choice).includes(text(c.opt) as ListMatchType)) {
      out.push({ path: `queryConditions.${i}`, message: `查询条件「${label}」不能使用匹配方式「${MATCH_TYPE_LABEL[text(c.opt) as ListMatchType] ?? text(c.opt)}」` });
    }
    if (seen.has(key)) out.push({ path: `queryConditions.${i}`, message: `查询条件「${label}」重复` });
    seen.add(key);
  });

  const results: ResultColumnSetting[] = s.queryResults ?? [];
  out.push(...columnProblems(results, '结果列', 'queryResults', choices));
  results.forEach((c, i) => {
    if (c.isJump) out.push(...checkJumpInfo(c.jumpInfo, choices, `结果列「${c.alias || c.name}」的跳转`, `queryResults.${i}.jumpInfo`));
  });

  out.push(...buttonProblems(s.functionButtons, '功能按钮', 'functionButtons', choices));
  out.push(...buttonProblems(s.optButtons, '行按钮', 'optButtons', choices));

  const { importSettings: im, exportSettings: ex } = s.reportSettings;
  out.push(...positionProblem(im.startRow, '导入起始行', 'reportSettings.importSettings.startRow'));
  out.push(...positionProblem(im.startColumn, '导入起始列', 'reportSettings.importSettings.startColumn'));
  out.push(...columnProblems(im.list, '导入', 'reportSettings.importSettings.list', choices));
  out.push(...positionProblem(ex.startRow, '导出起始行', 'reportSettings.exportSettings.startRow'));
  out.push(...positionProblem(ex.startColumn, '导出起始列', 'reportSettings.exportSettings.startColumn'));
  out.push(...columnProblems(ex.list, '导出', 'reportSettings.exportSettings.list', choices));
  ex.exportRules.forEach((r, i) => {
    const path = `reportSettings.exportSettings.exportRules.${i}`;
    if (!choices.some((c) => c.key === r.key)) out.push({ path, message: `导出规则第${i + 1}条：字段「${r.key}」不存在` });
    if (r.dateFormat && !DATE_TOKENS.test(r.dateFormat)) {
      out.push({ path, message: `导出规则「${r.key}」的日期格式「${r.dateFormat}」无法识别，请使用 yyyy MM dd HH mm ss` });
    }
  });
  return out;
}
