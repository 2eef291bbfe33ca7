import { useCallback } from 'react';
import { App } from 'antd';
import { BASE_PATH, LOGOUT_CONFIRM, LOGOUT_FAILED } from '@park/core';
import { logout } from '../lib/shellApi.ts';
import { forgetSessionCaches } from '../lib/menuCache.ts';

/** A path on this site, or a full http(s) address such as a portal's sign-out page. */
function isSafeTarget(address: string): boolean {
  if (/^https?:\/\//i.test(address)) return true;
  return address.startsWith('/') && !address.startsWith('//');
}

/** Confirm, log out on the server, forget the menus, and follow the address the server gives. */
export function useLogout(): () => void {
  const { modal, message } = App.useApp();
  return useCallback(() => {
    modal.confirm({
      title: '提示',
      content: LOGOUT_CONFIRM,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        try {
          const address = await logout();
          forgetSessionCaches();
          window.location.assign(isSafeTarget(address) ? address : `${BASE_PATH}/login`);
        } catch {
          void message.error(LOGOUT_FAILED);
        }
      },
    });
  }, [modal, message]);
}
