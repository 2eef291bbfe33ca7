import { App, notification as staticNotification } from 'antd';

/**
 * The http client lives outside React, yet its notifications must use the themed, localised
 * instances that antd's <App> provides. FeedbackBridge (providers.tsx) hands them over here;
 * the static API is only a fallback for a call that fails before the app has mounted.
 */
export type FeedbackApi = ReturnType<typeof App.useApp>;

let current: FeedbackApi | null = null;

export function setFeedbackApi(api: FeedbackApi | null): void {
  current = api;
}

export const ERROR_TITLE = '错误';

export function notifyError(description: string): void {
  const notification = current?.notification ?? staticNotification;
  // Same text, same key: parallel calls failing for one reason show one notification, not a stack.
  notification.error({ key: `http-error:${description}`, title: ERROR_TITLE, description });
}
