import { SyncOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { CONSOLE_REFRESH_MS } from '@park/core';

/** When the numbers were last asked for; they refresh on their own. */
export function LastRefresh({ at }: { at: number }) {
  return (
    <span className="park-last-refresh" data-testid="last-refresh">
      <SyncOutlined /> 每 {CONSOLE_REFRESH_MS / 1000} 秒自动刷新{at ? `，更新于 ${dayjs(at).format('HH:mm:ss')}` : ''}
    </span>
  );
}
