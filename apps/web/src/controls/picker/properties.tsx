import { useState } from 'react';
import { Form, Input, Radio, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { dataControlFetchPath, labelColumnOf } from '@park/core';
import { get } from '../../lib/http.ts';
import { sourceOf } from '../choice/OptionsList.tsx';
import { useDicTypes, useFormChoices, useTableColumns } from '../common/properties/api.ts';
import { modelChoices } from '../common/properties/choices.ts';
import { nestedOf, optionsOf, textOf, withField, withNested, withOption } from '../common/properties/edit.ts';
import { OptionSelect, OptionSwitch, OptionText } from '../common/properties/fields.tsx';
import { RowsEditor, rowsOf } from '../common/properties/RowsEditor.tsx';
import type { PropertySection, SectionProps } from '../common/properties/types.ts';

/** Where the display label is stored (label_model); empty means "{model}_label". */
function LabelColumn({ control, onChange }: SectionProps) {
  return (
    <Form.Item label="显示值字段" help={`保存所选名称的列，留空为 ${labelColumnOf(control) || '字段标识_label'}`}>
      <Input aria-label="显示值字段" value={textOf(control.label_model)} onChange={(e) => onChange(withField(control, 'label_model', e.target.value.trim()))} />
    </Form.Item>
  );
}

const URL_PARAM_SOURCES = [
  { value: '0', label: '表单字段' },
  { value: '1', label: '固定值' },
];

/** urlParams (t 0: the value of a form field, t 1: a fixed value) and the maps back-fill. */
function Params(props: SectionProps) {
  const { control, onChange } = props;
  const mapping = nestedOf(control, 'maps').mapping;
  const models = modelChoices(sourceOf(props));
  return (
    <>
      <Form.Item label="请求参数">
        <RowsEditor
          label="参数"
          fields={[
            { field: 't', placeholder: '取值', choices: URL_PARAM_SOURCES, numeric: true, width: 92 },
            { field: 'k', placeholder: '参数名' },
            { field: 'v', placeholder: '字段或值', choicesFor: (row) => (String(row.t) === '1' ? undefined : models) },
          ]}
          value={optionsOf(control).urlParams}
          blank={{ t: 0, k: '', v: '' }}
          onChange={(rows) => onChange(withOption(control, 'urlParams', rows.map((r) => ({ ...r, t: Number(r.t) || 0 }))))}
        />
      </Form.Item>
      {/* Only the single pickers copy the chosen record's columns into other fields. */}
      {!control.type.startsWith('m_') && (
      <Form.Item label="选中后回填" help="把所选记录的字段写入本表单的字段">
        <RowsEditor
          label="回填"
          fields={[
            { field: 'selectKey', placeholder: '记录字段' },
            { field: 'model', placeholder: '本表单字段', choices: models },
          ]}
          value={mapping}
          onChange={(rows) => onChange(withNested(control, 'maps', { mapping: rows }))}
        />
      </Form.Item>
      )}
    </>
  );
}

function DialogTitle({ control, onChange }: SectionProps) {
  return (
    <Form.Item label="弹窗标题">
      <Input aria-label="弹窗标题" value={textOf(control.title)} placeholder="选择+标题" onChange={(e) => onChange(withField(control, 'title', e.target.value))} />
    </Form.Item>
  );
}

/** org, user, company, role and dic pickers: the platform's own lists unless a URL is given. */
function SystemPicker(props: SectionProps) {
  const type = String(props.control.type).replace(/^m_/, '');
  const tree = type !== 'company_select';
  return (
    <>
      {!props.control.type.startsWith('m_') && <LabelColumn {...props} />}
      <DialogTitle {...props} />
      {type === 'dic_select' && <DicType {...props} />}
      {type === 'user_select' && !props.control.type.startsWith('m_') && <OptionSwitch {...props} name="defaultCurrentUser" label="默认当前用户" />}
      {tree && (
        <OptionSelect
          {...props}
          name="displayModel"
          label="展示方式"
          radio
          fallback="table"
          choices={[
            { value: 'tree', label: type === 'user_select' ? '按组织筛选' : '树形' },
            { value: 'table', label: '表格' },
          ]}
        />
      )}
      <OptionText {...props} name="remoteUrl" label="接口地址" placeholder="留空使用系统默认接口" />
    </>
  );
}

/** dic_select's dictionary type, chosen from the dictionaries of 系统管理 › 数据字典. */
function DicType({ control, onChange }: SectionProps) {
  const [wd, setWd] = useState('');
  const types = useDicTypes(wd);
  const current = textOf(control.typeCode);
  const rows = types.data?.rows ?? [];
  const choices = rows.map((t) => ({ value: t.typeCode, label: `${t.typeName}（${t.typeCode}）` }));
  if (current && !choices.some((c) => c.value === current)) choices.unshift({ value: current, label: current });
  return (
    <Form.Item label="字典类型" validateStatus={current === '' ? 'warning' : undefined} help={current === '' ? '请选择字典类型' : undefined}>
      <Select
        aria-label="字典类型"
        showSearch={{ filterOption: false, onSearch: setWd }}
        loading={types.isFetching}
        value={current || undefined}
        placeholder="搜索字典名称或编码"
        options={choices}
        onChange={(v: string) => onChange(withField(control, 'typeCode', v))}
      />
    </Form.Item>
  );
}

interface DataControlChoice {
  id: number;
  title: string;
  valueKey: string;
  labelKey: string;
  labelDesc: string;
  columns: { model: string; name: string }[];
}

/**
 * 高级控件数据源 (issue 40): choosing one points the picker at the server's read of it
 * (dataControlFetchPath, allow-listed and cached) and fills its value, label and columns.
 */
function DataControlSource({ control, onChange }: SectionProps) {
  const sources = useQuery({
    queryKey: ['system', 'dataControls'],
    queryFn: async ({ signal }) => (await get<{ datas?: DataControlChoice[] }>('/api/dataControls/queryAllDataControls', undefined, { signal })).datas ?? [],
  });
  const options = optionsOf(control);
  const chosen = Number(options.dataControlId) || undefined;
  const choose = (id: number) => {
    const s = (sources.data ?? []).find((x) => x.id === id);
    if (!s) return;
    let next = withOption(control, 'dataControlId', id);
    next = withOption(next, 'remoteUrl', dataControlFetchPath(id));
    next = withOption(next, 'remoteDataPoint', 'datas');
    const columns = s.columns.length ? s.columns.map((c) => ({ column: c.model, name: c.name })) : [{ column: s.labelKey, name: s.labelDesc }];
    next = withNested(next, 'maps', { key: s.valueKey, name: s.labelKey, source: { datasource: '', table: '', columns } });
    onChange(next);
  };
  return (
    <Form.Item label="高级控件数据源">
      <Select
        aria-label="高级控件数据源"
        value={chosen}
        placeholder="选择数据源"
        options={(sources.data ?? []).map((x) => ({ value: x.id, label: x.title }))}
        onChange={choose}
      />
    </Form.Item>
  );
}

/** data_select: a form table (maps.source), one of our interfaces (remoteUrl) or a 高级控件数据源. */
function DataPicker(props: SectionProps) {
  const { control, onChange } = props;
  const options = optionsOf(control);
  const maps = nestedOf(control, 'maps');
  const source = (maps.source && typeof maps.source === 'object' ? maps.source : {}) as Record<string, unknown>;
  const selectType = textOf(options.dataSelectType) || (textOf(options.remoteUrl) ? '1' : '0');
  const forms = useFormChoices();
  const table = textOf(source.table);
  const columns = useTableColumns(table);
  const chosen = rowsOf(source.columns);
  const columnChoices = (columns.length > 0 ? columns.map((c) => ({ value: c.columnName, label: `${c.columnDesc}（${c.columnName}）` })) : chosen.map((c) => ({ value: textOf(c.column), label: textOf(c.name) || textOf(c.column) })));
  const setSource = (patch: Record<string, unknown>) => onChange(withNested(control, 'maps', { source: { ...source, ...patch } }));
  return (
    <>
      {!control.type.startsWith('m_') && <LabelColumn {...props} />}
      <Form.Item label="弹窗标题">
        <Input aria-label="弹窗标题" value={textOf(maps.title)} placeholder="选择" onChange={(e) => onChange(withNested(control, 'maps', { title: e.target.value }))} />
      </Form.Item>
      {control.type === 'data_select' && (
        <Form.Item label="数据来源">
          <Radio.Group
            size="small"
            optionType="button"
            value={selectType}
            options={[
              { value: '0', label: '表单数据' },
              { value: '1', label: '接口' },
              { value: '2', label: '高级控件数据源' },
            ]}
            onChange={(e) => onChange(withOption(control, 'dataSelectType', e.target.value))}
          />
        </Form.Item>
      )}
      {selectType === '2' && control.type === 'data_select' ? (
        <DataControlSource {...props} />
      ) : selectType === '1' && control.type === 'data_select' ? (
        <>
          <OptionText {...props} name="remoteUrl" label="接口地址" placeholder="/api/..." />
          <OptionText {...props} name="remoteDataPoint" label="数据路径" placeholder="datas" help="返回结果中记录列表的位置，如 data.records" />
        </>
      ) : (
        <Form.Item label="数据表单">
          <Select
            aria-label="数据表单"
            showSearch={{ optionFilterProp: 'label' }}
            value={/^form_(\d+)$/.exec(table)?.[1] ?? (table || undefined)}
            placeholder="选择表单"
            options={forms.map((f) => ({ value: String(f.formId), label: f.formName }))}
            onChange={(id: string) => setSource({ table: `form_${id}`, columns: [] })}
          />
        </Form.Item>
      )}
      <Form.Item label="显示列">
        <Select
          aria-label="显示列"
          mode={columns.length > 0 ? 'multiple' : 'tags'}
          value={chosen.map((c) => textOf(c.column))}
          options={columnChoices}
          placeholder="选择弹窗中显示的列"
          onChange={(names: string[]) =>
            setSource({
              columns: names.map((column) => ({ column, name: columns.find((c) => c.columnName === column)?.columnDesc ?? chosen.find((c) => textOf(c.column) === column)?.name ?? column })),
            })
          }
        />
      </Form.Item>
      <Form.Item label="值字段">
        <Select aria-label="值字段" allowClear value={textOf(maps.key) || undefined} placeholder="id" options={columnChoices} onChange={(v?: string) => onChange(withNested(control, 'maps', { key: v ?? '' }))} />
      </Form.Item>
      <Form.Item label="名称字段">
        <Select aria-label="名称字段" allowClear value={textOf(maps.name) || undefined} placeholder="第一列" options={columnChoices} onChange={(v?: string) => onChange(withNested(control, 'maps', { name: v ?? '' }))} />
      </Form.Item>
    </>
  );
}

function CurrentUser(props: SectionProps) {
  return <LabelColumn {...props} />;
}

export const systemPickerSections: PropertySection[] = [
  { key: 'picker', title: '选择设置', Body: SystemPicker },
  { key: 'params', title: '参数与回填', Body: Params },
];
export const dataPickerSections: PropertySection[] = [
  { key: 'picker', title: '数据设置', Body: DataPicker },
  { key: 'params', title: '参数与回填', Body: Params },
];
export const currentUserSections: PropertySection[] = [{ key: 'user', title: '当前用户', Body: CurrentUser }];
