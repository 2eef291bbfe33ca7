import ActionSheet from 'antd-mobile/es/components/action-sheet';
import { functionRoute, phoneFunctions, type PlacedApp } from './tree.ts';
import type { WorkbenchFunction } from './api.ts';

/**
 * The sheet offering an app's functions when it has several. Its own module, loaded the first
 * time an app with several functions is tapped: ActionSheet draws through Popup and its animation
 * library, which the workbench's first paint does not need (ADR 0067).
 */
export function FunctionSheet({ app, onChoose, onClose }: { app: PlacedApp | null; onChoose: (fn: WorkbenchFunction) => void; onClose: () => void }) {
  const functions = app ? phoneFunctions(app.app) : [];
  return (
    <ActionSheet
      visible={app !== null}
      extra={app?.app.appName}
      cancelText="取消"
      actions={functions.map((f) => ({ key: f.id, text: f.funName, description: functionRoute(f) ? undefined : '请在电脑端使用' }))}
      onAction={(a) => {
        const fn = functions.find((f) => f.id === a.key);
        onClose();
        if (fn) onChoose(fn);
      }}
      onClose={onClose}
    />
  );
}
