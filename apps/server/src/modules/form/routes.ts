import type { FastifyInstance } from 'fastify';
import { formatDateTime } from '@park/core';
import type { AppContext } from '../../context.ts';

export function formRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Defaults such as "current date" come from the server clock, not the browser's.
  app.get('/api/form/getCurrentDate', async () => ({ errCode: 0, currentDate: formatDateTime(new Date()) }));

  // The map control's services (gis_select, issue 7): configured per deployment, empty by default.
  app.get('/api/form/gisConfig', async () => {
    const gis = ctx.config.gis;
    return {
      errCode: 0,
      gisConfig: {
        tileUrl: gis.tileUrl,
        tileSubdomains: gis.tileSubdomains,
        attribution: gis.tileAttribution,
        reverseGeocodeUrl: gis.reverseGeocodeUrl,
        searchUrl: gis.searchUrl,
      },
    };
  });
}

/**
 * A CSP source for a URL template: its scheme and host, a host label holding a placeholder
 * ("t{s}.tianditu.gov.cn") widened to a wildcard. Null for an empty or unreadable template.
 */
export function cspSourceOf(template: string): string | null {
  const m = /^(https?):\/\/([^/?#]+)/i.exec(template.trim());
  if (!m) return null;
  const host = m[2]!
    .split('.')
    .map((label) => (/[{}]/.test(label) ? '*' : label))
    .join('.');
  return /^[A-Za-z0-9.*:-]+$/.test(host) ? `${m[1]!.toLowerCase()}://${host}` : null;
}
