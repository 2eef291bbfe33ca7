import { useState } from 'react';
import { Checkbox, Empty, Modal } from 'antd';
import type { FlowField } from '@park/core';
import { DIALOG_WIDTH } from './SelectFormDialog.tsx';

/** 选择表单控件 (spec 001 §2.7): a checkbox list with 全选. */
export function ControlsDialog({ fields, checked, onOk, onClose }: { fields: readonly FlowField[]; checked: readonly string[]; onOk: (models: string[]) => void; onClose: () => void }) {
  const [picked, setPicked] = useState<string[]>([...checked]);
  const all = fields.length > 0 && picked.length === fields.length;
  return (
    <Modal open title="选择字段" width={DIALOG_WIDTH} onCancel={onClose} onOk={() => onOk(picked)} okText="确定" cancelText="取消" destroyOnHidden>
      {fields.length === 0 ? (
        <Empty description="该表单没有可写入的字段" />
      ) : (
        <>
          <Checkbox checked={all} indeterminate={picked.length > 0 && !all} onChange={(e) => setPicked(e.target.checked ? fields.map((f) => f.model) : [])}>
            全选
          </Checkbox>
          <Checkbox.Group className="automation-controls-list" value={picked} onChange={(v) => setPicked(v as string[])} options={fields.map((f) => ({ value: f.model, label: f.name }))} />
        </>
      )}
    </Modal>
  );
}
