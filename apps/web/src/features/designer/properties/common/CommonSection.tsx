import { Form, Input, Switch } from 'antd';
import { controlDesignErrors, isNameProblem, isSubTable, type FormControl, type FormMeta } from '@park/core';
import { flagOf, optionsOf, textOf, withField, withOption } from '../../../../controls/common/properties/edit.ts';
import type { CommonFields, SectionProps } from '../../../../controls/common/properties/types.ts';

/** What the runtime's widthStyle accepts; anything else draws the control at full width. */
const WIDTH = /^\d+(\.\d+)?(%|px)$/;

/** The model problems of this control, from the same check the server runs on publish. */
export function nameProblems(meta: FormMeta, control: FormControl): string[] {
  return controlDesignErrors(meta, control)
    .filter(isNameProblem)
    .map((e) => e.message);
}

/**
 * 标题, 字段标识 (checked on the spot against DESIGN §4), 宽度, 占位提示 and the add / edit
 * visibility and disabled flags. showFields and editShowFields *hide* the control, so the
 * switches read 新增时显示 / 编辑时显示 and store the inverse.
 */
export function CommonSection({ control, meta, onChange, fields }: SectionProps & { fields: CommonFields }) {
  const options = optionsOf(control);
  const width = textOf(options.width).trim();
  const problems = fields.model ? nameProblems(meta, control) : [];
  const isTable = isSubTable(control);
  return (
    <>
      <Form.Item label="标题">
        <Input aria-label="标题" value={textOf(control.name)} onChange={(e) => onChange(withField(control, 'name', e.target.value))} />
      </Form.Item>
      {fields.model && (
        <Form.Item
          label={isTable ? '子表标识' : '字段标识'}
          validateStatus={problems.length > 0 ? 'error' : undefined}
          help={problems.length > 0 ? problems.join('；') : '字母开头，可含字母、数字、下划线'}
        >
          <Input
            aria-label={isTable ? '子表标识' : '字段标识'}
            value={textOf(control.model)}
            onChange={(e) => onChange(withField(control, 'model', e.target.value.trim()))}
          />
        </Form.Item>
      )}
      {fields.width && (
        <Form.Item
          label="宽度"
          validateStatus={width !== '' && !WIDTH.test(width) ? 'warning' : undefined}
          help={width !== '' && !WIDTH.test(width) ? '宽度应为百分比或像素，如 40% 或 240px；否则占满整行' : undefined}
        >
          <Input aria-label="宽度" value={width} placeholder="如 40% 或 240px，空为整行" onChange={(e) => onChange(withOption(control, 'width', e.target.value))} />
        </Form.Item>
      )}
      {fields.placeholder && (
        <Form.Item label="占位提示">
          <Input
            aria-label="占位提示"
            value={textOf(options.placeholder)}
            onChange={(e) => onChange(withOption(control, 'placeholder', e.target.value))}
          />
        </Form.Item>
      )}
      {fields.state && (
        <div className="props-flags">
          <FlagSwitch label="新增时显示" checked={!flagOf(options.showFields)} onChange={(v) => onChange(withOption(control, 'showFields', !v))} />
          <FlagSwitch label="编辑时显示" checked={!flagOf(options.editShowFields)} onChange={(v) => onChange(withOption(control, 'editShowFields', !v))} />
          <FlagSwitch label="禁用" checked={flagOf(options.disabled)} onChange={(v) => onChange(withOption(control, 'disabled', v))} />
          <FlagSwitch label="编辑时禁用" checked={flagOf(options.editDisabled)} onChange={(v) => onChange(withOption(control, 'editDisabled', v))} />
        </div>
      )}
    </>
  );
}

function FlagSwitch({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label className="props-flag">
      <Switch size="small" aria-label={label} checked={checked} onChange={onChange} />
      <span>{label}</span>
    </label>
  );
}
