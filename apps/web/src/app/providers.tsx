import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { App, ConfigProvider, type ThemeConfig } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import 'antd/dist/antd.css';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClientProvider } from '@tanstack/react-query';
import { setFeedbackApi } from '../lib/feedback.ts';
import { createQueryClient } from './queryClient.ts';
import { pageRegistry } from './pageRegistry.ts';
import { PageNamesContext } from '../lib/pageNames.ts';
import { REDUCED_MOTION } from '../lib/motion.ts';
import { platformThemeConfig, usePlatformTheme } from '../lib/platformTheme.ts';

const PAGE_NAMES = Object.keys(pageRegistry);

dayjs.locale('zh-cn');

export const PRIMARY_COLOR = '#1d4ed8';

const theme: ThemeConfig = {
  // Components draw from antd.css instead of generating their CSS on first render: a third less
  // JavaScript per page load (ADR 0025, bench/web/pageLoad.ts). Tokens still become CSS variables.
  zeroRuntime: true,
  token: {
    motion: !REDUCED_MOTION,
    colorPrimary: PRIMARY_COLOR,
    colorInfo: PRIMARY_COLOR,
    borderRadius: 6,
    fontFamily:
      '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Source Han Sans SC", "Helvetica Neue", Arial, sans-serif',
  },
};

/** Hands antd's context-aware notification/message/modal to code outside React (the http client). */
function FeedbackBridge() {
  const api = App.useApp();
  useEffect(() => {
    setFeedbackApi(api);
    return () => setFeedbackApi(null);
  }, [api]);
  return null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  // 主题 (issue 40): the user's preset over the platform's base; the 大屏 style is antd's dark algorithm.
  const platform = usePlatformTheme();
  const themed = useMemo(() => platformThemeConfig(platform, theme), [platform]);
  useEffect(() => {
    document.documentElement.dataset.parkTheme = platform;
  }, [platform]);
  return (
    // autoInsertSpace off: antd would render 登录 as "登 录", breaking its accessible name.
    <ConfigProvider locale={zhCN} theme={themed} button={{ autoInsertSpace: false }}>
      <App className="app-root">
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>
          <PageNamesContext.Provider value={PAGE_NAMES}>{children}</PageNamesContext.Provider>
        </QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
