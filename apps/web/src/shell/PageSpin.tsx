import { Spin } from 'antd';

/** While a page's chunk or first data loads inside the content area. */
export function PageSpin() {
  return (
    <div className="page-spin">
      <Spin size="large" description="加载中…" />
    </div>
  );
}

/** While the shell itself boots (current user, menus): covers the whole window. */
export function BootSpin() {
  return (
    <div className="boot-spin">
      <Spin size="large" description="加载中…" />
    </div>
  );
}
