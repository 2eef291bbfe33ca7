import type { Extension } from '@uiw/react-codemirror';
import * as allThemes from '@uiw/codemirror-themes-all';

/**
 * The theme picker's choices (spec 001 §2.11): CodeMirror's own light and One Dark themes, then
 * every theme `@uiw/codemirror-themes-all` ships. The list is read from the package's exports, so
 * an upgrade that adds a theme shows it without a code change: a theme is an exported extension
 * `x` that comes with its `xInit` factory (the `xStyle` and `defaultSettingsX` exports are parts,
 * not themes).
 */
export interface ThemeChoice {
  value: string;
  label: string;
  /** 'light' and 'dark' are @uiw/react-codemirror's built-ins; the rest are extensions. */
  theme: 'light' | 'dark' | Extension;
}

const exported = allThemes as unknown as Record<string, unknown>;

/** "tokyoNightStorm" → "Tokyo Night Storm". */
export function themeLabel(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(' ');
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}

export const PACKAGED_THEME_NAMES: readonly string[] = Object.keys(exported)
  .filter((name) => Array.isArray(exported[name]) && typeof exported[`${name}Init`] === 'function')
  .sort();

export const THEME_CHOICES: readonly ThemeChoice[] = [
  { value: 'light', label: '默认（亮色）', theme: 'light' },
  { value: 'dark', label: 'One Dark（暗色）', theme: 'dark' },
  ...PACKAGED_THEME_NAMES.map((name) => ({ value: name, label: themeLabel(name), theme: exported[name] as Extension })),
];

const BY_VALUE = new Map(THEME_CHOICES.map((c) => [c.value, c]));

export const themeOf = (value: string): ThemeChoice['theme'] => BY_VALUE.get(value)?.theme ?? 'light';
