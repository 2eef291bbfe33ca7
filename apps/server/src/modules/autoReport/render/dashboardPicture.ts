import * as echarts from 'echarts';
import sharp from 'sharp';
import { CHART_OPTIONS, chartData, gridCellOf, isChartKind, REPORT_GRID, rowHeightAt, widgetKindOf, type ReportWidget } from '@park/core';
import type { AppContext } from '../../../context.ts';
import type { AuthContext } from '../../auth/index.ts';
import { notFound } from '../../../plugins/errors.ts';
import { exportHeaders, findReport, rename, ReportWidgets } from '../../report/index.ts';

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

/** Rows a table widget shows in the picture: a snapshot, not the table (Excel sends it whole). */
export const PICTURE_TABLE_ROWS = 12;
const ROW_H = 22;

/** Text cut to what fits a cell of `width` px at 12 px (CJK ≈ 12 px, Latin ≈ 7 px a character). */
function fit(text: string, width: number): string {
  let used = 0;
  let out = '';
  for (const ch of text) {
    used += ch.charCodeAt(0) > 0x2e80 ? 12 : 7;
    if (used > width - 12) return `${out}…`;
    out += ch;
  }
  return out;
}

/** 文本控件: its text as typed, line by line (never HTML). */
function textSvg(content: string, box: Box): string {
  const lines = content.split(/\r?\n/).slice(0, Math.max(1, Math.floor((box.h - 24) / 18)));
  return lines.map((l, i) => `<text x="8" y="${42 + i * 18}" font-size="12" font-family="${FONT}" fill="#4e5969">${escapeXml(fit(l, box.w))}</text>`).join('');
}

/** A table widget: its header and first rows, as the owner may read them. */
function tableSvg(headers: readonly string[], rows: ReadonlyArray<ReadonlyArray<unknown>>, more: boolean, box: Box): string {
  if (headers.length === 0) return '';
  const colW = box.w / headers.length;
  const room = Math.max(0, Math.floor((box.h - 24 - ROW_H - 20) / ROW_H));
  const shown = rows.slice(0, Math.min(room, PICTURE_TABLE_ROWS));
  const cell = (v: unknown, i: number, y: number, bold: boolean) =>
    `<text x="${(i * colW + 6).toFixed(1)}" y="${y}" font-size="12" font-family="${FONT}" fill="#1d2129"${bold ? ' font-weight="bold"' : ''}>${escapeXml(fit(v === null || v === undefined ? '' : String(v), colW))}</text>`;
  let out = `<rect x="0" y="24" width="${box.w.toFixed(1)}" height="${ROW_H}" fill="#f2f3f5"/>` + headers.map((h, i) => cell(h, i, 24 + 15, true)).join('');
  shown.forEach((r, j) => {
    const y = 24 + ROW_H * (j + 1);
    out += `<line x1="0" y1="${y}" x2="${box.w.toFixed(1)}" y2="${y}" stroke="#e5e6eb"/>` + r.map((v, i) => cell(v, i, y + 15, false)).join('');
  });
  if (more || rows.length > shown.length) out += `<text x="6" y="${24 + ROW_H * (shown.length + 1) + 15}" font-size="11" font-family="${FONT}" fill="#86909c">图中仅显示前 ${shown.length} 行，完整数据请查看报表</text>`;
  return out;
}

export interface DashboardPicture {
  svg: string;
  width: number;
  height: number;
  title: string;
}

/**
 * A dashboard as one SVG: each chart widget's data read with the owner's rights and drawn with the
 * browser's own ECharts options (core report/chart), tables as their first rows, text as typed,
 * placed in the dashboard's grid; widgets that only make sense on screen (查询, 图片, 内嵌页面, 标签页,
 * 看板) are a titled frame. The PNG and the PDF both draw this.
 */
export async function dashboardPicture(ctx: AppContext, owner: AuthContext, reportId: string): Promise<DashboardPicture> {
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
      inner = `<g transform="translate(0,24)">${chartSvg(option, Math.max(40, Math.round(box.w)), Math.max(40, Math.round(box.h - 24))).replace(/^<\?xml[^>]*>/, '')}</g>`;
    } else if (kind === 'table') {
      const p = await ctx.reportServices.engine.prepare(owner, grant, widgetOf(String(w.id)), {}, 'all');
      if (p.query.shape === 'table') {
        const raw = (await p.compiled.query.limit(PICTURE_TABLE_ROWS + 1).execute()) as Array<Record<string, unknown>>;
        const rows = rename(raw, p.compiled.columns).map((r) => p.compiled.columns.map((c) => r[c.key]));
        inner = tableSvg(exportHeaders(p.query), rows.slice(0, PICTURE_TABLE_ROWS), raw.length > PICTURE_TABLE_ROWS, box);
      }
    } else if (kind === 'text') {
      inner = textSvg(String(w.content ?? ''), box);
    }
    parts.push(
      `<g transform="translate(${box.x.toFixed(1)},${box.y.toFixed(1)})">` +
        `<rect width="${box.w.toFixed(1)}" height="${box.h.toFixed(1)}" fill="#fff" stroke="#e5e6eb"/>` +
        `<text x="8" y="17" font-size="13" font-family="${FONT}" fill="#1d2129">${title}</text>` +
        inner +
        `</g>`,
    );
  }
  const h = Math.ceil(height);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${h}">` +
    `<rect width="100%" height="100%" fill="#f2f3f5"/>` +
    `<text x="${REPORT_GRID.margin + 4}" y="20" font-size="16" font-weight="bold" font-family="${FONT}" fill="#1d2129">${escapeXml(report.report_name)}</text>` +
    parts.join('') +
    `</svg>`;
  return { svg, width: WIDTH, height: h, title: report.report_name };
}

/** The picture rasterised by sharp (librsvg), which needs a CJK system font for Chinese text (docs/operations.md). */
export async function renderDashboardPng(ctx: AppContext, owner: AuthContext, reportId: string, density = 72): Promise<Buffer> {
  const picture = await dashboardPicture(ctx, owner, reportId);
  return sharp(Buffer.from(picture.svg), { density }).png().toBuffer();
}
