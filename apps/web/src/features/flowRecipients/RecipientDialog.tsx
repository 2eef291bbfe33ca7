import { useState, type ReactNode } from 'react';
import { App, Divider, Modal, Radio } from 'antd';
import { checkRecipient, type FlowField, type Recipient } from '@park/core';
import { emptyRecipient, RECIPIENT_TYPES, type RecipientType } from './recipientTypes.tsx';
import './flowRecipients.css';

const ALL_TYPES = Object.keys(RECIPIENT_TYPES).map(Number) as RecipientType[];

/**
 * 设置接收人 (spec 001 §3.4, §5.4): a type and its picker; 确定 runs the spec's checks. Shared by
 * message actions and (with `types`) approver and cc nodes. `preview` renders under the picker
 * with the recipient as it stands, e.g. who it names for a real record.
 */
export function RecipientDialog({ value, fields, onOk, onClose, types = ALL_TYPES, title = '设置接收人', preview }: {
  value: Recipient | undefined;
  fields: readonly FlowField[];
  onOk: (r: Recipient) => void;
  onClose: () => void;
  types?: readonly RecipientType[];
  title?: string;
  preview?: (r: Recipient) => ReactNode;
}) {
  const { message } = App.useApp();
  const [r, setR] = useState<Recipient>(() => ({ ...emptyRecipient((value?.type ?? types[0] ?? 1) as RecipientType), ...value }));
  const type = r.type as RecipientType;
  const Picker = RECIPIENT_TYPES[type]?.Picker;
  const ok = () => {
    const problem = checkRecipient(r);
    if (problem) {
      message.warning(problem);
      return;
    }
    onOk(r);
  };
  return (
    <Modal open title={title} width="60%" onCancel={onClose} onOk={ok} okText="确定" cancelText="取消" destroyOnHidden>
      <div data-testid="recipient-dialog">
        <Radio.Group value={type} onChange={(e) => setR(emptyRecipient(e.target.value as RecipientType))} className="recipient-types">
          {types.map((t) => (
            <Radio key={t} value={t}>
              {RECIPIENT_TYPES[t].label}
            </Radio>
          ))}
        </Radio.Group>
        <Divider style={{ margin: '12px 0' }} />
        {Picker && <Picker value={r} onChange={setR} fields={fields} />}
        {preview && (
          <>
            <Divider style={{ margin: '16px 0 12px' }} />
            {preview(r)}
          </>
        )}
      </div>
    </Modal>
  );
}
