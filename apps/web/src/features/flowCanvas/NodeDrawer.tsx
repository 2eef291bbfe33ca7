import type { ReactNode } from 'react';
import { App, Drawer } from 'antd';

/** Spec 001 §2.2 / §8: closing a drawer without saving asks first. */
export const CLOSE_UNSAVED = '关闭窗口数据将不会保存，是否关闭？';

/**
 * The right-side drawer every node editor uses (widths from spec 001 §9: trigger 650, action 600,
 * condition 650). Closing by the × or the mask asks CLOSE_UNSAVED; `onClose` runs only on 确定.
 */
export function NodeDrawer({ title, width, onClose, footer, children, confirmClose = true, testId }: {
  title: ReactNode;
  width: number;
  onClose: () => void;
  footer?: ReactNode;
  children: ReactNode;
  /** False for a drawer that holds nothing to lose (read-only). */
  confirmClose?: boolean;
  testId?: string;
}) {
  const { modal } = App.useApp();
  const ask = () => {
    if (!confirmClose) return onClose();
    modal.confirm({ title: '提示', content: CLOSE_UNSAVED, okText: '确定', cancelText: '取消', onOk: onClose });
  };
  return (
    <Drawer open title={title} size={width} placement="right" onClose={ask} footer={footer} destroyOnHidden data-testid={testId} rootClassName="flow-node-drawer">
      {children}
    </Drawer>
  );
}
