import { useSyncExternalStore } from 'react';
import { NoticeBar } from './firstUi.ts';
import { networkState, subscribeNetwork } from './network.ts';

/**
 * "网络已断开" above every page while the browser is offline or the last call got no answer
 * (issue 37). 重试 reloads what the page shows; what was typed is kept by the pages' drafts.
 */
export function OfflineBanner({ onRetry }: { onRetry?: () => void }) {
  const state = useSyncExternalStore(subscribeNetwork, networkState, () => 'online' as const);
  if (state === 'online') return null;
  return (
    <div className="m-offline" role="alert" data-testid="offline-banner">
      <NoticeBar
        color="alert"
        content="网络已断开，已填写的内容会保留"
        extra={
          <button type="button" className="m-link-button" onClick={onRetry ?? (() => window.dispatchEvent(new Event('park:retry')))}>
            重试
          </button>
        }
      />
    </div>
  );
}
