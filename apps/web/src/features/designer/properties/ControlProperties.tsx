import { Alert, Collapse, Form, Tag, Typography } from 'antd';
import { CONTROL_TEMPLATES, controlDesignErrors, isControlType, isNameProblem } from '@park/core';
import { CommonSection } from './common/CommonSection.tsx';
import { ValidationSection } from './common/ValidationSection.tsx';
import type { ControlPropertyPanelProps } from '../../../controls/common/properties/types.ts';
import { propertyEditorOf } from './registry.ts';
import { textOf } from '../../../controls/common/properties/edit.ts';

/**
 * The selected control's panel: 基本属性 for every type, the type's own sections from the
 * registry, then 校验. Problems the server would refuse on publish are shown at the top.
 */
export function ControlProperties(props: ControlPropertyPanelProps) {
  const { control, meta, parentTable } = props;
  const editor = propertyEditorOf(String(control.type));
  if (!editor) return <Alert type="warning" showIcon title={`不支持的控件类型：${String(control.type)}`} />;
  const inPlace = new Set(editor.shownInPlace?.(props) ?? []);
  const others = controlDesignErrors(meta, control).filter((e) => !isNameProblem(e) && !inPlace.has(e.message));
  const typeName = isControlType(control.type) ? textOf(CONTROL_TEMPLATES[control.type].name) : '';
  const items = [
    { key: 'common', label: '基本属性', children: <CommonSection {...props} fields={editor.common} /> },
    ...editor.sections.map(({ key, title, Body }) => ({ key, label: title, children: <Body {...props} /> })),
    ...(editor.common.required ? [{ key: 'rules', label: '校验', children: <ValidationSection {...props} fields={editor.common} /> }] : []),
  ];
  return (
    <Form layout="vertical" size="small" component="div" className="designer-props" aria-label="控件属性">
      <div className="designer-props-head">
        <Typography.Text strong>{textOf(control.name) || textOf(control.model) || String(control.type)}</Typography.Text>
        <Tag title={String(control.type)}>{typeName || String(control.type)}</Tag>
        {parentTable && <Typography.Text type="secondary">子表单“{textOf(parentTable.name)}”的列</Typography.Text>}
      </div>
      {others.length > 0 && (
        <Alert
          type="error"
          showIcon
          className="designer-props-errors"
          title={others.length === 1 ? others[0]!.message : `${others.length}个问题`}
          description={others.length > 1 ? others.map((e) => <div key={e.message}>{e.message}</div>) : undefined}
        />
      )}
      <Collapse size="small" ghost defaultActiveKey={items.map((i) => i.key)} items={items} key={textOf(control.key)} />
    </Form>
  );
}
