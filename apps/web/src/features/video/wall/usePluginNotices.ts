import { useEffect, useRef } from 'react';
import { App } from 'antd';
import { VIDEO_TEXT } from '@park/core';
import type { PluginStatus } from '../usePlugin.ts';

/** The code of each plug-in state change, said once (1002 while reconnecting, 1001 when closed). */
export function usePluginNotices(status: PluginStatus): void {
  const { message } = App.useApp();
  const lastCode = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (status.code === lastCode.current && status.state !== 'success') return;
    const was = lastCode.current;
    lastCode.current = status.code;
    if (status.code === 1002) message.warning({ key: 'plugin', content: `${VIDEO_TEXT.pluginMessages[1002]}（错误码 1002）` });
    else if (status.code === 1001) message.error({ key: 'plugin', content: `${VIDEO_TEXT.pluginMessages[1001]}（错误码 1001）` });
    else if (status.state === 'success' && was === 1002) message.success({ key: 'plugin', content: '已重新连接视频播放插件' });
  }, [status, message]);
}
