import { describe, expect, it } from 'vitest';
import { CODE_MODES, languageOf } from './languages.ts';
import { PACKAGED_THEME_NAMES, THEME_CHOICES, themeLabel, themeOf } from './themes.ts';

describe('code editor panel choices', () => {
  it('offers every theme @uiw/codemirror-themes-all ships, besides the two built-ins', () => {
    // 46 in 4.25.11; a few names checked so that a filter gone wrong (styles, settings) shows.
    expect(PACKAGED_THEME_NAMES.length).toBeGreaterThanOrEqual(46);
    for (const name of ['dracula', 'githubLight', 'githubDark', 'vscodeDark', 'tokyoNightStorm', 'solarizedLight', 'xcodeLight']) {
      expect(PACKAGED_THEME_NAMES).toContain(name);
    }
    expect(PACKAGED_THEME_NAMES.some((n) => n.endsWith('Style') || n.endsWith('Init') || n.startsWith('defaultSettings'))).toBe(false);
    expect(THEME_CHOICES.slice(0, 2).map((c) => c.value)).toEqual(['light', 'dark']);
    expect(new Set(THEME_CHOICES.map((c) => c.value)).size).toBe(THEME_CHOICES.length);
    expect(Array.isArray(themeOf('dracula'))).toBe(true);
    expect(themeOf('no-such-theme')).toBe('light');
    expect(themeLabel('tokyoNightStorm')).toBe('Tokyo Night Storm');
  });

  it('highlights every mode but plain text', () => {
    for (const mode of CODE_MODES) expect(languageOf(mode).length).toBe(mode === 'txt' ? 0 : 1);
  });
});
