import { useState } from 'react';
import { Button, Space } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import type { FlowField, Recipient } from '@park/core';
import { RecipientDialog } from '../../flowRecipients/index.ts';
import { recipientText } from './recipientText.ts';

/**
 * Who an approver or cc node names: the summary and a button opening the shared recipient dialog
 * with every type the server resolves (spec 001 §3.4, types 0–9, and 10: the users of a company field's company with a role, ADR 0068; supervisors of levels 1–5).
 */
export function RecipientField({ value, onChange, fields, title, continuous }: {
  value: Recipient | undefined;
  onChange: (r: Recipient) => void;
  fields: readonly FlowField[];
  title: string;
  continuous?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Space>
        <span data-testid="recipient-summary">{recipientText(value, continuous)}</span>
        <Button icon={<EditOutlined />} onClick={() => setOpen(true)}>
          {title}
        </Button>
      </Space>
      {open && (
        <RecipientDialog
          value={value}
          fields={fields}
          title={title}
          onClose={() => setOpen(false)}
          onOk={(r) => {
            onChange(r);
            setOpen(false);
          }}
        />
      )}
    </>
  );
}
