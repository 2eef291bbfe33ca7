import { useEffect, useRef } from 'react';
import { App } from 'antd';
import { NO_MENU_ALERT } from '@park/core';

/**
 * A user without any menu is told so once and navigation stops (spec 002 §2): this replaces the
 * routed content, so nothing redirects and no page renders. The top bar stays so they can log out.
 */
export function NoMenuBlock() {
  const { modal } = App.useApp();
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    modal.warning({ title: '提示', content: NO_MENU_ALERT, okText: '确定' });
  }, [modal]);
  return <div className="no-menu-block" aria-hidden="true" />;
}
