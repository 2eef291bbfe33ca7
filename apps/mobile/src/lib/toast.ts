import type { ToastShowProps } from 'antd-mobile/es/components/toast';

/**
 * antd-mobile's Toast for the first screen's modules (the http client, the workbench), loaded when
 * one is first shown: it draws through Mask and SpinLoading, which bring the animation library
 * (@react-spring, ~15 KB gzip) the workbench itself never needs (ADR 0067). The lazy pages import
 * Toast from 'antd-mobile' as usual: it is this same module, in their shared chunk.
 */
export function showToast(props: ToastShowProps | string): void {
  void import('antd-mobile/es/components/toast').then(({ default: Toast }) => Toast.show(props));
}
