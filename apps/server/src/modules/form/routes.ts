import type { FastifyInstance } from 'fastify';
import { formatDateTime } from '@park/core';

export function formRoutes(app: FastifyInstance): void {
  // Defaults such as "current date" come from the server clock, not the browser's.
  app.get('/api/form/getCurrentDate', async () => ({ errCode: 0, currentDate: formatDateTime(new Date()) }));
}
