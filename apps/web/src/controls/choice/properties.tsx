import { Alert, Form, Radio, Select } from 'antd';
import { holdsList } from '@park/core';
import { flagOf, nestedOf, optionsOf, textOf, withNested, withOption } from '../common/properties/edit.ts';
import { OptionSwitch, OptionText } from '../common/properties/fields.tsx';
import { rowsOf } from '../common/properties/RowsEditor.tsx';
import type { PropertySection, SectionProps } from '../common/properties/types.ts';
import { CascadeTree } from './CascadeTree.tsx';
import { OptionsList } from './OptionsList.tsx';

/**
 * The flag reads inverted in this platform family (see core's allowedValues): remote: true is
 * the static list, remote: false loads remoteOptions from remoteUrl while the form runs.
 */
function usesRemote(control: SectionProps['control']): boolean {
  const remote = optionsOf(control).remote;
  return remote === false || remote === 'false' || remote === 0 || remote === '0';
}

/** Only our own API may feed options (the runtime ignores other addresses). */
const LOCAL_API = /^\/(?!\/)/;

function RemoteSettings(props: SectionProps & { children?: boolean }) {
  const { control, onChange } = props;
  const url = textOf(optionsOf(control).remoteUrl).trim();
  const keys = nestedOf(control, 'props');
  const prop = (name: string, label: string, fallback: string) => (
    <Form.Item label={label}>
      <Select
        aria-label={label}
        mode="tags"
        maxCount={1}
        value={textOf(keys[name]) ? [textOf(keys[name])] : []}
        placeholder={fallback}
        onChange={(v: string[]) => onChange(withNested(control, 'props', { [name]: v[0] ?? '' }))}
      />
    </Form.Item>
  );
  return (
    <>
      <OptionText {...props} name="remoteUrl" label="接口地址" placeholder="/api/..." />
      {url !== '' && !LOCAL_API.test(url) && <Alert type="warning" showIcon title="只能使用本系统的接口地址（以 / 开头）" />}
      {prop('value', '值字段', 'value')}
      {prop('label', '名称字段', 'label')}
      {props.children && prop('children', '下级字段', 'children')}
    </>
  );
}

function SourceSwitch({ control, onChange }: SectionProps) {
  return (
    <Form.Item label="选项来源">
      <Radio.Group
        size="small"
        optionType="button"
        value={usesRemote(control) ? 'remote' : 'static'}
        options={[
          { value: 'static', label: '静态选项' },
          { value: 'remote', label: '远程数据' },
        ]}
        onChange={(e) => onChange(withOption(control, 'remote', e.target.value !== 'remote'))}
      />
    </Form.Item>
  );
}

/** 默认值 from the static options: one value, or several for lists. */
function DefaultChoice({ control, onChange }: SectionProps) {
  const many = holdsList(control);
  const values = rowsOf(optionsOf(control).options).map((o) => ({ value: textOf(o.value), label: textOf(o.label) || textOf(o.value) }));
  const preset = optionsOf(control).defaultValue;
  const current = Array.isArray(preset) ? preset.map(textOf) : textOf(preset) === '' ? [] : many ? textOf(preset).split(',') : [textOf(preset)];
  return (
    <Form.Item label="默认值">
      <Select
        aria-label="默认值"
        allowClear
        mode={many ? 'multiple' : undefined}
        value={many ? current : current[0]}
        options={values}
        placeholder="无"
        onChange={(v: string | string[] | undefined) => onChange(withOption(control, 'defaultValue', v ?? (many ? [] : '')))}
      />
    </Form.Item>
  );
}

function ChoiceOptions(props: SectionProps) {
  const remote = usesRemote(props.control);
  return (
    <>
      <SourceSwitch {...props} />
      {remote ? <RemoteSettings {...props} /> : <OptionsList {...props} />}
      {!remote && <DefaultChoice {...props} />}
    </>
  );
}

function Layout(props: SectionProps) {
  const type = props.control.type;
  return (
    <>
      {(type === 'radio' || type === 'checkbox') && <OptionSwitch {...props} name="inline" label="横向排列" fallback />}
      {type === 'select' && <OptionSwitch {...props} name="multiple" label="多选" help="多选时以逗号分隔保存" />}
      {(type === 'select' || type === 'multiple_select') && <OptionSwitch {...props} name="filterable" label="可搜索" />}
    </>
  );
}

function CascadeOptions(props: SectionProps) {
  const remote = usesRemote(props.control);
  return (
    <>
      <SourceSwitch {...props} />
      {remote ? <RemoteSettings {...props} children /> : <CascadeTree {...props} />}
      <OptionSwitch {...props} name="checkStrictly" label="可选任意一级" help={flagOf(optionsOf(props.control).checkStrictly) ? undefined : '只能选到最末一级'} />
    </>
  );
}

export const choiceSections: PropertySection[] = [
  { key: 'options', title: '选项', Body: ChoiceOptions },
  { key: 'layout', title: '显示', Body: Layout },
];
export const cascadeSections: PropertySection[] = [{ key: 'options', title: '级联选项', Body: CascadeOptions }];
