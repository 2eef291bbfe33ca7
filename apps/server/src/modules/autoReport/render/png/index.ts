import type { Renderer } from '../types.ts';
import { renderDashboardPng } from '../dashboardPicture.ts';

/** A dashboard as one PNG: its chart widgets drawn with ECharts on the server, laid out as on screen. */
export const renderPng: Renderer = async (ctx, owner, schedule) => ({
  buffer: await renderDashboardPng(ctx, owner, schedule.reportId),
  name: `${schedule.name}.png`,
  suffix: 'png',
  mime: 'image/png',
});
