/** 主题 (issue 40, ADR 0047): themes for forms, add dialogs and reports (screens-round3 §5.1). */
export { themeRoutes, THEME_PERMISSION } from './routes.ts';
