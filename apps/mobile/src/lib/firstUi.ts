/**
 * The antd-mobile components the first screen draws (main, the layout, the workbench), each from
 * its own module rather than the library's index (ADR 0067). Rolldown places in the first file
 * every module statically reachable from the entry, and the index re-exports the whole library:
 * through it, PullToRefresh, Toast and Popup — with their gesture and animation libraries — came
 * into the workbench's first script although only the lazy pages use them. The lazy pages import
 * from 'antd-mobile' as usual; these are the same modules, so styles and configuration are shared.
 */
import 'antd-mobile/es/global';

export { default as Badge } from 'antd-mobile/es/components/badge';
export { default as Button } from 'antd-mobile/es/components/button';
export { default as ConfigProvider } from 'antd-mobile/es/components/config-provider';
export { default as DotLoading } from 'antd-mobile/es/components/dot-loading';
export { default as ErrorBlock } from 'antd-mobile/es/components/error-block';
export { default as Grid } from 'antd-mobile/es/components/grid';
export { default as NoticeBar } from 'antd-mobile/es/components/notice-bar';
export { default as TabBar } from 'antd-mobile/es/components/tab-bar';
export { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
