import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { App } from 'antd';

export interface LeaveText {
  title: string;
  content: string;
}

/**
 * Asks before unsaved work is left behind (the form designer, issue 26; the report designer, issue
 * 42): a route change inside the app (a top menu, 返回, the browser's back button) opens a
 * confirmation saying what is lost; closing or reloading the tab gets the browser's own prompt.
 */
export function useLeaveGuard(dirty: boolean, text: LeaveText): void {
  const { modal } = App.useApp();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: text.title,
      content: text.content,
      okText: '离开',
      cancelText: '留在此页',
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal, text.title, text.content]);

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
