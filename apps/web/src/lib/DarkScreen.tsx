import { createContext, useContext, type ReactNode } from 'react';
import { ConfigProvider, theme as antdTheme } from 'antd';
import { PLATFORM_THEMES } from '@park/core';

/*
 * The dark 大屏 style (issue 40): the park console and the video wall are drawn dark whatever the
 * platform theme is — antd's dark algorithm for tables, cards and buttons, ECharts' dark theme for
 * every chart inside (EChart reads this context), and the 大屏 preset's dark page behind them.
 */
const DarkScreenContext = createContext(false);

/** Whether a chart is inside a 大屏 (EChart's default for `dark`). */
export const useDarkScreen = (): boolean => useContext(DarkScreenContext);

const SCREEN_THEME = { algorithm: antdTheme.darkAlgorithm, token: { colorPrimary: PLATFORM_THEMES.screen.colorPrimary, colorInfo: PLATFORM_THEMES.screen.colorPrimary } };

export function DarkScreen({ children, className, testId }: { children: ReactNode; className?: string; testId?: string }) {
  return (
    <ConfigProvider theme={SCREEN_THEME}>
      <DarkScreenContext.Provider value={true}>
        <div className={['dark-screen', className].filter(Boolean).join(' ')} data-testid={testId} data-screen-style="dark">
          {children}
        </div>
      </DarkScreenContext.Provider>
    </ConfigProvider>
  );
}
