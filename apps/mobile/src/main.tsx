import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { ConfigProvider, unstableSetRender } from './lib/firstUi.ts';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { mobileBasename, MobileRoutes } from './app/router.tsx';
import { queryClient } from './app/queryClient.ts';
import { prefetchFirstScreen } from './app/prefetch.ts';
import { registerServiceWorker } from './lib/swCache.ts';
import { MOBILE_BASE_PATH } from '@park/core';
import './app/global.css';

// Where the first load's time goes (bench/web/mobileWaterfall.ts): the main code has arrived and runs.
performance.mark('park:main');

// antd-mobile's Toast and Dialog render outside the tree through ReactDOM.render, which React 19
// no longer has: its documented hook hands them a root of their own.
const roots = new WeakMap<Element | DocumentFragment, Root>();
unstableSetRender((node, container) => {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    roots.delete(container);
  };
});

prefetchFirstScreen(window.location.pathname, MOBILE_BASE_PATH);
const basename = mobileBasename();
const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

createRoot(container).render(
  <StrictMode>
    <ConfigProvider locale={zhCN}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter basename={basename}>
          <MobileRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </ConfigProvider>
  </StrictMode>,
);

registerServiceWorker(queryClient);
