import { useEffect } from 'react';
import { Dropdown, Tooltip } from 'antd';
import { BgColorsOutlined, CheckOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { isPlatformThemeKey, PLATFORM_THEMES } from '@park/core';
import { setPlatformDefault, setPlatformTheme, usePlatformTheme, usePlatformThemeChosen } from '../lib/platformTheme.ts';
import { PLATFORM_DEFAULT_QUERY_KEY, queryPlatformDefault } from '../lib/themes.ts';

const FOLLOW = 'platform';

/**
 * 主题 in the top bar (issue 40): the platform presets, the current one ticked, and 跟随平台默认 to
 * drop one's own choice. Mounted with the shell, it also reads the 平台默认主题 the shell starts in.
 */
export function PlatformThemeDropdown() {
  const current = usePlatformTheme();
  const chosen = usePlatformThemeChosen();
  const platformDefault = useQuery({ queryKey: PLATFORM_DEFAULT_QUERY_KEY, queryFn: ({ signal }) => queryPlatformDefault(signal), staleTime: 5 * 60_000 });
  useEffect(() => {
    if (platformDefault.data) setPlatformDefault(platformDefault.data.themeKey);
  }, [platformDefault.data]);

  const tick = (on: boolean) => on && <CheckOutlined aria-hidden="true" />;
  const items = [
    { key: FOLLOW, label: <span className="platform-theme-item">跟随平台默认{tick(!chosen)}</span> },
    { type: 'divider' as const },
    ...Object.entries(PLATFORM_THEMES).map(([key, p]) => ({
      key,
      label: (
        <span className="platform-theme-item">
          <span className="theme-dot" style={{ background: p.colorPrimary }} aria-hidden="true" />
          {p.name}
          {tick(chosen && key === current)}
        </span>
      ),
    })),
  ];
  const pick = (key: string) => {
    if (key === FOLLOW) setPlatformTheme(null);
    else if (isPlatformThemeKey(key)) setPlatformTheme(key);
  };
  return (
    <Dropdown menu={{ items, onClick: ({ key }) => pick(key) }} trigger={['click']} placement="bottomRight">
      {/* An icon only: the top menu needs the bar's width at 1440 px. */}
      <Tooltip title="平台主题" placement="bottom">
        <button type="button" className="top-bar-text-btn" aria-label="平台主题">
          <BgColorsOutlined aria-hidden="true" />
        </button>
      </Tooltip>
    </Dropdown>
  );
}
