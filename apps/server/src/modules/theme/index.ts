import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { platformDefaultRoutes } from './platformDefault.routes.ts';
import { THEME_PERMISSION, themeCatalogueRoutes } from './routes.ts';

/** 主题 (issue 40, ADR 0047): themes for forms, add dialogs and reports (screens-round3 §5.1), and the 平台默认主题. */
export function themeRoutes(app: FastifyInstance, ctx: AppContext): void {
  themeCatalogueRoutes(app, ctx);
  platformDefaultRoutes(app, ctx, THEME_PERMISSION);
}

export { THEME_PERMISSION };
