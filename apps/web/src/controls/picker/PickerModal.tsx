import type { ReactNode } from 'react';
import { Button, Modal } from 'antd';

/** The pickers' dialog frame: 60 % wide, 取消 and 确定, its content dropped when closed. */
export function PickerModal({ open, title, onCancel, onOk, children }: { open: boolean; title: ReactNode; onCancel(): void; onOk(): void; children: ReactNode }) {
  return (
    <Modal
      open={open}
      title={title}
      width="60%"
      onCancel={onCancel}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onCancel}>
          取消
        </Button>,
        <Button key="ok" type="primary" onClick={onOk}>
          确定
        </Button>,
      ]}
    >
      {children}
    </Modal>
  );
}
