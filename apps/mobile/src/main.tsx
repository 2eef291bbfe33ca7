import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { ConfigProvider, unstableSetRender } from 'antd-mobile';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { createMobileRouter } from './app/router.tsx';
import { queryClient } from './app/queryClient.ts';
import './app/global.css';

// antd-mobile 5 draws Toast and Dialog.confirm with ReactDOM.render, which React 19 no longer has:
// it is handed React 19's createRoot (its documented way), or those calls show nothing.
unstableSetRender((node, container) => {
  const root = createRoot(container);
  root.render(node);
  return async () => {
    root.unmount();
  };
});

const router = createMobileRouter();
const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

createRoot(container).render(
  <StrictMode>
    <ConfigProvider locale={zhCN}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>
  </StrictMode>,
);
