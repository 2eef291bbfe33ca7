import type { FastifyInstance } from 'fastify';
import { formatDateTime } from '@park/core';
import type { AppContext } from '../../context.ts';

/** The form runtime's server-side settings: the server's clock and the map control's services. */
export function formServiceRoutes(app: FastifyInstance, ctx: AppContext): void {
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
