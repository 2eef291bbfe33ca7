import { useEffect, useState } from 'react';
import type { ThemeConfig } from 'antd';
import { cleanThemeMeta, type ThemeMeta, type ThemeType } from '@park/core';
import { get, postJson } from './http.ts';

/*
 * 主题 (issue 40, ADR 0047): the catalogue's theme calls, and the theme a form is drawn with as antd
 * ConfigProvider tokens. Shared by the 主题 screen, the designers and the form runtime.
 */

export interface ThemeRow {
  id: number;
  themeName: string;
  type: ThemeType;
  themeMeta: string;
  createTime: string;
}

export const THEME_QUERY_KEY = ['themes'] as const;

export const queryThemeByType = (q: { pageNum: number; pageSize: number; type?: ThemeType }, signal?: AbortSignal) =>
  get<{ datas: ThemeRow[]; totalCount: number }>('/api/theme/queryThemeByType', q, { signal });
export const queryThemeMeta = (id: number | string, signal?: AbortSignal) =>
  get<{ themeMeta: string; themeName: string; type: ThemeType }>(`/api/theme/queryThemeMeta/${encodeURIComponent(String(id))}`, undefined, { signal, silent: true });
export const addTheme = (body: { themeName: string; type: ThemeType; themeMeta: ThemeMeta }) => postJson<{ id: number }>('/api/theme/addTheme', body);
export const deleteTheme = (id: number) => postJson<unknown>(`/api/theme/deleteTheme/${id}`, {});

/** A theme's tokens for ConfigProvider. */
export function themeConfigOf(meta: ThemeMeta): ThemeConfig {
  return { token: { ...meta } };
}

export function parseThemeMeta(text: string): ThemeMeta | null {
  try {
    const raw = JSON.parse(text) as Record<string, unknown>;
    return raw && typeof raw === 'object' ? cleanThemeMeta(raw) : null;
  } catch {
    return null;
  }
}

const cache = new Map<string, Promise<ThemeMeta | null>>();

/** The tokens of a theme id (a form's config.themeId); loaded once per page, none while loading or when gone. */
export function useThemeTokens(themeId: unknown): ThemeConfig | undefined {
  const id = typeof themeId === 'number' || (typeof themeId === 'string' && /^\d+$/.test(themeId)) ? String(themeId) : null;
  const [loaded, setLoaded] = useState<{ id: string; meta: ThemeMeta | null } | null>(null);
  useEffect(() => {
    if (id === null) return;
    let live = true;
    if (!cache.has(id)) cache.set(id, queryThemeMeta(id).then((r) => parseThemeMeta(r.themeMeta)).catch(() => null));
    void cache.get(id)!.then((meta) => {
      if (live) setLoaded({ id, meta });
    });
    return () => {
      live = false;
    };
  }, [id]);
  const meta = loaded && loaded.id === id ? loaded.meta : null;
  return meta ? themeConfigOf(meta) : undefined;
}

/** A saved theme changes what the cache holds. */
export const forgetTheme = (id: number) => cache.delete(String(id));

/** 平台默认主题 (issue 40): the default that applies to the caller (their tenant's, else the park's). */
export const PLATFORM_DEFAULT_QUERY_KEY = [...THEME_QUERY_KEY, 'platformDefault'] as const;
export const queryPlatformDefault = (signal?: AbortSignal) =>
  get<{ themeKey: string; parkThemeKey: string | null; tenantThemeKey: string | null }>('/api/theme/platformDefault', undefined, { signal, silent: true });
export const savePlatformDefault = (themeKey: string) => postJson<{ themeKey: string }>('/api/theme/savePlatformDefault', { themeKey });
