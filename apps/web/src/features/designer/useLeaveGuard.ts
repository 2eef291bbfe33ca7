import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { App } from 'antd';

/**
 * Asks before unpublished work is left behind (issue 26): a route change inside the app (a top
 * menu, the browser's back button) opens a confirmation; closing or reloading the tab gets the
 * browser's own prompt.
 */
export function useLeaveGuard(dirty: boolean): void {
  const { modal } = App.useApp();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: '离开设计器？',
      content: '有未发布的修改。草稿已自动保存，下次打开本表单的设计器时可以恢复；离开后其他人看到的仍是已发布的设计。',
      okText: '离开',
      cancelText: '留在此页',
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older Chromium builds show the prompt only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
