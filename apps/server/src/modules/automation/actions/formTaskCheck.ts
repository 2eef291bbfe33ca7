import { filterCondition, type FlowNode, type FormTaskConf } from '@park/core';
import { badRequest } from '../../../plugins/errors.ts';
import { subModel, type TableModel } from '../../form/index.ts';
import { asCheck, type FlowForms } from '../saveChecks.ts';

function checkColumns(table: TableModel, columns: Array<{ model: string }> | undefined): void {
  const names = new Set(table.dataColumns.map((c) => c.name));
  for (const c of columns ?? []) if (!names.has(c.model)) throw badRequest(`表单「${table.name}」没有字段 ${String(c.model).slice(0, 64)}`);
}

/** A form action's save check against its target form: the fields, sub-tables and filter match types it names exist. */
export async function checkFormTaskForms(node: FlowNode, forms: FlowForms): Promise<void> {
  const conf = node.conf as FormTaskConf;
  const form = conf.formConf ?? {};
  const target = await forms.load(String(form.formId));
  asCheck(() => filterCondition(form.filter, target.main.queryColumns, {}));
  if (conf.action !== 'delete') checkColumns(target.main, form.columns);
  for (const sub of form.subTable ?? []) {
    if (!sub.operate) continue;
    const table = subModel(target, sub.key);
    asCheck(() => filterCondition(sub.filter, table.queryColumns, {}));
    if (sub.operate !== 'delete') checkColumns(table, sub.columns);
  }
}
