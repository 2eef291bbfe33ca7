/*
 * 主题 (screens-round3 §5.1, issue 40, ADR 0047): a named set of antd theme tokens a form (0), a form's
 * add dialog (1) or a report (2) is drawn with; and the platform's own presets for the shell.
 */

export const THEME_TYPES = { 0: '表单', 1: '表单新增', 2: '报表' } as const;
export type ThemeType = keyof typeof THEME_TYPES;
/** 主题类型 select: 全部 is 5 in the original (and then type is omitted from the query). */
export const THEME_TYPE_ALL = 5;
export const isThemeType = (v: unknown): v is ThemeType => v === 0 || v === 1 || v === 2;

/** What a theme names: antd tokens, so ConfigProvider applies them as they are. */
export interface ThemeMeta {
  colorPrimary: string;
  colorBgContainer?: string;
  colorText?: string;
  borderRadius: number;
  fontSize: number;
}

export const THEME_LIMITS = { radius: [0, 24], fontSize: [12, 20], nameMax: 40 } as const;

export const THEME_TEXT = {
  nameRequired: '请输入主题名称',
  nameTooLong: `主题名称不能超过${THEME_LIMITS.nameMax}个字`,
  typeRequired: '请选择主题类型',
  colorInvalid: '颜色须为 #RRGGBB 格式',
  radiusInvalid: `圆角须为 ${THEME_LIMITS.radius[0]}–${THEME_LIMITS.radius[1]} 的整数`,
  fontSizeInvalid: `字号须为 ${THEME_LIMITS.fontSize[0]}–${THEME_LIMITS.fontSize[1]} 的整数`,
  nameTaken: '同类型下已有同名主题',
  saved: '主题保存成功',
  deleteConfirm: '此操作将永久删除主题, 是否继续?',
  deleted: '删除成功',
  deleteFailed: '删除失败',
} as const;

const HEX = /^#[0-9a-fA-F]{6}$/;
const intIn = (v: unknown, [lo, hi]: readonly [number, number]) => typeof v === 'number' && Number.isInteger(v) && v >= lo && v <= hi;

/** The first thing wrong with a theme, or null: the same rules in the dialog and on the server. */
export function themeProblem(name: unknown, type: unknown, meta: unknown): string | null {
  if (typeof name !== 'string' || !name.trim()) return THEME_TEXT.nameRequired;
  if (name.trim().length > THEME_LIMITS.nameMax) return THEME_TEXT.nameTooLong;
  if (!isThemeType(type)) return THEME_TEXT.typeRequired;
  if (!meta || typeof meta !== 'object') return THEME_TEXT.colorInvalid;
  const m = meta as Record<string, unknown>;
  if (typeof m.colorPrimary !== 'string' || !HEX.test(m.colorPrimary)) return THEME_TEXT.colorInvalid;
  for (const k of ['colorBgContainer', 'colorText'] as const) {
    if (m[k] !== undefined && m[k] !== null && m[k] !== '' && (typeof m[k] !== 'string' || !HEX.test(m[k]))) return THEME_TEXT.colorInvalid;
  }
  if (!intIn(m.borderRadius, THEME_LIMITS.radius)) return THEME_TEXT.radiusInvalid;
  if (!intIn(m.fontSize, THEME_LIMITS.fontSize)) return THEME_TEXT.fontSizeInvalid;
  return null;
}

/** Only the known tokens, so a stored theme never carries anything else into ConfigProvider. */
export function cleanThemeMeta(meta: Record<string, unknown>): ThemeMeta {
  const out: ThemeMeta = { colorPrimary: String(meta.colorPrimary), borderRadius: Number(meta.borderRadius), fontSize: Number(meta.fontSize) };
  if (typeof meta.colorBgContainer === 'string' && HEX.test(meta.colorBgContainer)) out.colorBgContainer = meta.colorBgContainer;
  if (typeof meta.colorText === 'string' && HEX.test(meta.colorText)) out.colorText = meta.colorText;
  return out;
}

/**
 * The shell's themes: the spec's default colour list (red, orange, yellow, blue) as presets, the
 * platform's own blue, and the dark 大屏 style.
 */
export const PLATFORM_THEMES = {
  default: { name: '默认', colorPrimary: '#1d4ed8', dark: false },
  red: { name: '红色', colorPrimary: '#d9001b', dark: false },
  orange: { name: '橙色', colorPrimary: '#f59a23', dark: false },
  yellow: { name: '黄色', colorPrimary: '#d4a017', dark: false },
  blue: { name: '蓝色', colorPrimary: '#02a7f0', dark: false },
  screen: { name: '大屏（深色）', colorPrimary: '#00d1ff', dark: true },
} as const satisfies Record<string, { name: string; colorPrimary: string; dark: boolean }>;
export type PlatformThemeKey = keyof typeof PLATFORM_THEMES;
export const isPlatformThemeKey = (v: unknown): v is PlatformThemeKey => typeof v === 'string' && Object.hasOwn(PLATFORM_THEMES, v);

/**
 * 平台默认主题 (issue 40): what the park administrator (or a tenant's 主管理员, for the tenant) sets
 * as every user's shell theme until the user picks one. The spec's colour list and the platform's
 * own blue; the dark 大屏 style is the big screens' own, not a default for forms and lists.
 */
export const PLATFORM_DEFAULT_KEYS = ['default', 'red', 'orange', 'yellow', 'blue'] as const satisfies readonly PlatformThemeKey[];
export type PlatformDefaultKey = (typeof PLATFORM_DEFAULT_KEYS)[number];
export const isPlatformDefaultKey = (v: unknown): v is PlatformDefaultKey => (PLATFORM_DEFAULT_KEYS as readonly unknown[]).includes(v);

export const PLATFORM_DEFAULT_TEXT = {
  title: '平台默认主题',
  invalid: '请选择平台默认主题（默认、红色、橙色、黄色、蓝色）',
  saved: '平台默认主题已保存',
  hint: '未自选主题的用户登录后使用此主题；用户在顶栏“平台主题”中的选择优先。',
} as const;
