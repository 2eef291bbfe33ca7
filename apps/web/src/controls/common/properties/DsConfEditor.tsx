import { Form, Input, Select, Switch } from 'antd';
import { subTableChildren, type FormControl } from '@park/core';
import { useFormChoices, useFormColumns } from './api.ts';
import { modelChoices } from './choices.ts';
import { flagOf, nestedOf, textOf, withNested } from './edit.ts';
import { RowsEditor, rowsOf } from './RowsEditor.tsx';

interface Props {
  control: FormControl;
  onChange: (next: FormControl) => void;
  /** A sub-table copies chosen rows into its columns (mapping); a data reference keeps k/v. */
  forTable: boolean;
}

/** A column entry's name as the chooser reads it (model, column or key). */
const columnKey = (c: Record<string, unknown>) => textOf(c.model) || textOf(c.column) || textOf(c.key);

/**
 * dsConf (spec 000 §3): the form whose records are chosen, its sub-table when rows come from
 * one, the columns shown, the searchable conditions, the column mapping and default select.
 */
export function DsConfEditor({ control, onChange, forTable }: Props) {
  const ds = nestedOf(control, 'dsConf');
  const formId = textOf(ds.formId);
  const subKey = textOf(ds.subKey);
  const forms = useFormChoices();
  const columns = useFormColumns(formId, subKey);
  const set = (patch: Record<string, unknown>) => onChange(withNested(control, 'dsConf', patch));
  const chosen = rowsOf(ds.columns);
  const conditions = rowsOf(ds.conditions);
  const choices = columns.length > 0 ? columns.map((c) => ({ value: c.columnName, label: `${c.columnDesc}（${c.columnName}）` })) : chosen.map((c) => ({ value: columnKey(c), label: textOf(c.name) || columnKey(c) }));
  const titleOf = (name: string) => columns.find((c) => c.columnName === name)?.columnDesc ?? name;
  return (
    <>
      <Form.Item label="数据表单" help={forTable ? '设置后子表单出现“数据选择”按钮' : undefined}>
        <Select
          aria-label="数据表单"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          value={formId || undefined}
          placeholder="选择表单"
          options={forms.map((f) => ({ value: String(f.formId), label: f.formName }))}
          onChange={(id?: string) => set({ formId: id ?? '', formName: forms.find((f) => String(f.formId) === id)?.formName ?? '', columns: [], conditions: [] })}
        />
      </Form.Item>
      <Form.Item label="来源子表" help="从该表单的子表单选择时填写其子表标识">
        <Input aria-label="来源子表" value={subKey} onChange={(e) => set({ subKey: e.target.value.trim() })} />
      </Form.Item>
      {!forTable && (
        <Form.Item label="显示字段">
          <Select aria-label="显示字段" allowClear value={textOf(ds.key) || undefined} placeholder="第一列" options={choices} onChange={(v?: string) => set({ key: v ?? '' })} />
        </Form.Item>
      )}
      <Form.Item label="显示列">
        <Select
          aria-label="显示列"
          mode={columns.length > 0 ? 'multiple' : 'tags'}
          value={chosen.map(columnKey)}
          options={choices}
          onChange={(names: string[]) => set({ columns: names.map((model) => ({ model, name: titleOf(model) })) })}
        />
      </Form.Item>
      <Form.Item label="查询条件" help="选择弹窗中可搜索的列">
        <Select
          aria-label="查询条件"
          mode={columns.length > 0 ? 'multiple' : 'tags'}
          value={conditions.map((c) => textOf(c.key) || textOf(c.model))}
          options={choices}
          onChange={(keys: string[]) => set({ conditions: keys.map((key) => ({ key, label: titleOf(key), type: '$like' })) })}
        />
      </Form.Item>
      {forTable && (
        <Form.Item label="字段映射" help="所选记录的列 → 子表单字段；不设置时同名字段自动带入">
          <RowsEditor
            label="映射"
            fields={[
              { field: 'value', placeholder: '来源列', choices: choices.length > 0 ? choices : undefined },
              { field: 'key', placeholder: '子表字段', choices: modelChoices(subTableChildren(control)) },
            ]}
            value={Array.isArray(ds.mapping) ? ds.mapping : Object.entries((ds.mapping as Record<string, unknown>) ?? {}).map(([key, value]) => ({ key, value }))}
            onChange={(rows) => set({ mapping: rows })}
          />
        </Form.Item>
      )}
      <Form.Item label="默认全选" layout="horizontal" className="props-switch" help={flagOf(ds.defaultSelect) ? '打开弹窗时选中整页（每页50条）' : undefined}>
        <Switch size="small" aria-label="默认全选" checked={flagOf(ds.defaultSelect)} onChange={(v) => set({ defaultSelect: v })} />
      </Form.Item>
    </>
  );
}
