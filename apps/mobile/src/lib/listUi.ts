/**
 * The antd-mobile components a form's list page draws, each from its own module (as lib/firstUi.ts
 * for the first screen): a list opened from a link — a QR code, a shared address — then loads these
 * few with its own chunk instead of the later pages' whole library (mobile-ui, ≈ 100 KB gzip), which
 * the pages reaching it through 'antd-mobile' still share. The build groups them (vite.config.ts,
 * list-ui). PullToRefresh comes late through lib/LazyPullToRefresh.tsx.
 */
export { default as CapsuleTabs } from 'antd-mobile/es/components/capsule-tabs';
export { default as InfiniteScroll } from 'antd-mobile/es/components/infinite-scroll';
export { default as NavBar } from 'antd-mobile/es/components/nav-bar';
export { default as SearchBar } from 'antd-mobile/es/components/search-bar';
export { ErrorBlock } from './firstUi.ts';
