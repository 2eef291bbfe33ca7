/**
 * The antd-mobile components the first screen draws (main, the layout, the workbench), each from
 * its own module rather than the library's index (ADR 0067). Rolldown places in the first file
 * every module statically reachable from the entry, and the index re-exports the whole library:
 * through it, PullToRefresh, Toast and Popup — with their gesture and animation libraries — came
 * into the workbench's first script although only the lazy pages use them. The lazy pages import
 * from 'antd-mobile' as usual; these are the same modules, so styles and configuration are shared.
 */
import 'antd-mobile/es/global';
import { createErrorBlock } from 'antd-mobile/es/components/error-block/create-error-block';
import { defaultImage } from 'antd-mobile/es/components/error-block/images/default';
import { emptyImage } from 'antd-mobile/es/components/error-block/images/empty';

export { default as Badge } from 'antd-mobile/es/components/badge';
export { default as Button } from 'antd-mobile/es/components/button';
export { default as ConfigProvider } from 'antd-mobile/es/components/config-provider';
export { default as DotLoading } from 'antd-mobile/es/components/dot-loading';
export { default as Grid } from 'antd-mobile/es/components/grid';
export { default as NoticeBar } from 'antd-mobile/es/components/notice-bar';
export { default as TabBar } from 'antd-mobile/es/components/tab-bar';
export { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';

/**
 * ErrorBlock with the two pictures the first screen shows (页面加载失败 / 工作台加载失败, 暂无):
 * the library's carries all four (~17 KB more of inline SVG). 'busy' and 'disconnected', which no
 * first-screen module asks for, draw the default picture.
 */
export const ErrorBlock = createErrorBlock({ default: defaultImage, empty: emptyImage, busy: defaultImage, disconnected: defaultImage });
