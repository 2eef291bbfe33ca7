import { Dropdown, Tooltip } from 'antd';
import { BgColorsOutlined, CheckOutlined } from '@ant-design/icons';
import { isPlatformThemeKey, PLATFORM_THEMES } from '@park/core';
import { setPlatformTheme, usePlatformTheme } from '../lib/platformTheme.ts';

/** 主题 in the top bar: the platform presets, the current one ticked (issue 40). */
export function PlatformThemeDropdown() {
  const current = usePlatformTheme();
  const items = Object.entries(PLATFORM_THEMES).map(([key, p]) => ({
    key,
    label: (
      <span className="platform-theme-item">
        <span className="theme-dot" style={{ background: p.colorPrimary }} aria-hidden="true" />
        {p.name}
        {key === current && <CheckOutlined aria-hidden="true" />}
      </span>
    ),
  }));
  return (
    <Dropdown menu={{ items, onClick: ({ key }) => isPlatformThemeKey(key) && setPlatformTheme(key) }} trigger={['click']} placement="bottomRight">
      {/* An icon only: the top menu needs the bar's width at 1440 px. */}
      <Tooltip title="平台主题" placement="bottom">
        <button type="button" className="top-bar-text-btn" aria-label="平台主题">
          <BgColorsOutlined aria-hidden="true" />
        </button>
      </Tooltip>
    </Dropdown>
  );
}
