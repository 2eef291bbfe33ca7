import { useSyncExternalStore } from 'react';
import { theme as antdTheme, type ThemeConfig } from 'antd';
import { isPlatformThemeKey, PLATFORM_THEMES, type PlatformThemeKey } from '@park/core';

/*
 * The shell's theme (issue 40, ADR 0047): one of the presets (默认, 红, 橙, 黄, 蓝, 大屏 dark), chosen by
 * each user in the top bar and kept in this browser, so it applies before anything is fetched.
 */

const STORAGE_KEY = 'park.platformTheme';
const listeners = new Set<() => void>();

function read(): PlatformThemeKey {
  try {
    const v = localStorage.getItem(STORAGE_KEY);
    return isPlatformThemeKey(v) ? v : 'default';
  } catch {
    return 'default';
  }
}

let current: PlatformThemeKey = typeof localStorage === 'undefined' ? 'default' : read();

export function setPlatformTheme(key: PlatformThemeKey): void {
  current = key;
  try {
    localStorage.setItem(STORAGE_KEY, key);
  } catch {
    /* private mode: the choice lasts for this page only */
  }
  for (const l of listeners) l();
}

export function usePlatformTheme(): PlatformThemeKey {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => 'default',
  );
}

/** The preset as antd theme settings over the platform's base (radius, font, motion). */
export function platformThemeConfig(key: PlatformThemeKey, base: ThemeConfig): ThemeConfig {
  const preset = PLATFORM_THEMES[key];
  return {
    ...base,
    ...(preset.dark ? { algorithm: antdTheme.darkAlgorithm } : {}),
    token: { ...base.token, colorPrimary: preset.colorPrimary, colorInfo: preset.colorPrimary },
  };
}
