import { useSyncExternalStore } from 'react';
import { theme as antdTheme, type ThemeConfig } from 'antd';
import { isPlatformDefaultKey, isPlatformThemeKey, PLATFORM_THEMES, type PlatformDefaultKey, type PlatformThemeKey } from '@park/core';

/*
 * The shell's theme (issue 40, ADR 0047): one of the presets (默认, 红, 橙, 黄, 蓝, 大屏 dark). A user's
 * own choice in the top bar wins and is kept in this browser; without one, the 平台默认主题 the park
 * (or the user's tenant) set on the server applies. The last default read is kept too, so the next
 * start paints in it before the call answers.
 */

const CHOICE_KEY = 'park.platformTheme';
const DEFAULT_KEY = 'park.platformDefault';
const listeners = new Set<() => void>();

function stored<T>(key: string, valid: (v: unknown) => v is T): T | null {
  try {
    const v = localStorage.getItem(key);
    return valid(v) ? v : null;
  } catch {
    return null;
  }
}
function store(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    /* private mode: the value lasts for this page only */
  }
}

const hasStorage = typeof localStorage !== 'undefined';
let choice: PlatformThemeKey | null = hasStorage ? stored(CHOICE_KEY, isPlatformThemeKey) : null;
let platformDefault: PlatformDefaultKey = (hasStorage ? stored(DEFAULT_KEY, isPlatformDefaultKey) : null) ?? 'default';
let current: PlatformThemeKey = choice ?? platformDefault;

function changed(): void {
  current = choice ?? platformDefault;
  for (const l of listeners) l();
}

/** The user's own choice; null goes back to the platform's default. */
export function setPlatformTheme(key: PlatformThemeKey | null): void {
  choice = key;
  store(CHOICE_KEY, key);
  changed();
}

/** The default the server answered (/api/theme/platformDefault). */
export function setPlatformDefault(key: unknown): void {
  if (!isPlatformDefaultKey(key) || key === platformDefault) return;
  platformDefault = key;
  store(DEFAULT_KEY, key);
  changed();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function usePlatformTheme(): PlatformThemeKey {
  return useSyncExternalStore(subscribe, () => current, () => 'default');
}

/** Whether the shown theme is the user's own choice (the top bar ticks 跟随平台默认 otherwise). */
export function usePlatformThemeChosen(): boolean {
  return useSyncExternalStore(subscribe, () => choice !== null, () => false);
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
