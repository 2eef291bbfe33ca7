import * as echarts from 'echarts';
import sharp from 'sharp';
import { CHART_OPTIONS, chartData, gridCellOf, isChartKind, REPORT_GRID, rowHeightAt, widgetKindOf, type ReportWidget } from '@park/core';
import type { AppContext } from '../../../../context.ts';
import type { AuthContext } from '../../../auth/index.ts';
import { notFound } from '../../../../plugins/errors.ts';
import { findReport, ReportWidgets } from '../../../report/index.ts';

/** The picture is as wide as the designer's reference screen; rows scale with it as on screen. */
const WIDTH = REPORT_GRID.referenceWidth;
const TITLE_HEIGHT = 28;
const FONT = "'Noto Sans CJK SC', 'Noto Serif CJK SC', 'WenQuanYi Micro Hei', sans-serif";

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

function boxOf(widget: ReportWidget): Box {
  const m = REPORT_GRID.margin;
  const colW = (WIDTH - m) / REPORT_GRID.cols;
  const rowH = rowHeightAt(WIDTH);
  const c = gridCellOf(widget);
  return { x: m + c.x * colW, y: m + c.y * (rowH + m), w: c.w * colW - m, h: c.h * rowH + (c.h - 1) * m };
}

/** One chart as SVG, drawn by ECharts' server-side renderer (no browser, no canvas). */
function chartSvg(option: Record<string, unknown>, width: number, height: number): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption({ ...option, animation: false, textStyle: { fontFamily: FONT } });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

/**
 * A dashboard as one PNG: each chart widget's data read with the owner's rights and drawn with the
 * browser's own ECharts options (core report/chart), placed in the dashboard's grid; other widgets
 * are shown as a titled frame. The SVG is rasterised by sharp (librsvg), which needs a CJK system
 * font for Chinese text (docs/operations.md).
 */
export async function renderDashboardPng(ctx: AppContext, owner: AuthContext, reportId: string): Promise<Buffer> {
  const { widgetOf, grant } = await new ReportWidgets(ctx.db).readable(owner, reportId);
  const report = await findReport(ctx.db, reportId);
  if (!report) throw notFound('报表不存在');
  const meta = (typeof report.setting_meta === 'string' ? JSON.parse(report.setting_meta) : report.setting_meta) as { widgets?: ReportWidget[] };
  const widgets = (Array.isArray(meta?.widgets) ? meta.widgets : []).filter((w) => w && typeof w === 'object');
  const parts: string[] = [];
  let height = TITLE_HEIGHT + 2 * REPORT_GRID.margin;
  for (const w of widgets) {
    const box = boxOf(w);
    box.y += TITLE_HEIGHT;
    height = Math.max(height, box.y + box.h + REPORT_GRID.margin);
    const kind = widgetKindOf(w);
    const title = escapeXml(String(w.name ?? ''));
    let inner = '';
    if (isChartKind(kind)) {
      const published = widgetOf(String(w.id));
      const result = await ctx.reportServices.engine.run(owner, grant, published, {}, true);
      const option = CHART_OPTIONS[kind](published as ReportWidget, chartData(published as ReportWidget, result.datas, []));
      inner = chartSvg(option, Math.max(40, Math.round(box.w)), Math.max(40, Math.round(box.h - 24))).replace(/^<\?xml[^>]*>/, '');
    }
    parts.push(
      `<g transform="translate(${box.x.toFixed(1)},${box.y.toFixed(1)})">` +
        `<rect width="${box.w.toFixed(1)}" height="${box.h.toFixed(1)}" fill="#fff" stroke="#e5e6eb"/>` +
        `<text x="8" y="17" font-size="13" font-family="${FONT}" fill="#1d2129">${title}</text>` +
        (inner ? `<g transform="translate(0,24)">${inner}</g>` : '') +
        `</g>`,
    );
  }
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${Math.ceil(height)}">` +
    `<rect width="100%" height="100%" fill="#f2f3f5"/>` +
    `<text x="${REPORT_GRID.margin + 4}" y="20" font-size="16" font-weight="bold" font-family="${FONT}" fill="#1d2129">${escapeXml(report.report_name)}</text>` +
    parts.join('') +
    `</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
