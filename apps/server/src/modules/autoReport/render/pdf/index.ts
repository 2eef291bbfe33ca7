import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { pdfFontOf } from '../../../qrCode/index.ts';
import { dashboardPicture } from '../dashboardPicture.ts';
import type { Renderer } from '../types.ts';

/** A4 landscape, in points: the dashboard's 1366 px width scaled to the page. */
const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = 24;
const HEADER = 28;
/** The picture is rasterised at twice the screen's density so it prints sharp. */
const DENSITY = 144;

/**
 * A dashboard as a PDF, without a browser: the same picture as the PNG (charts by ECharts' SVG
 * renderer, tables, text) rasterised by sharp at print density and cut into A4 landscape pages,
 * each headed by the report's name and the time it was taken as real text (searchable, copyable)
 * in the server's CJK font (the QR sheet's, ADR 0056). Vector charts would need an SVG-to-PDF
 * library for little gain on paper.
 */
export const renderPdf: Renderer = async (ctx, owner, schedule) => {
  const font = pdfFontOf(ctx.config.pdfFont);
  const picture = await dashboardPicture(ctx, owner, schedule.reportId);
  const png = await sharp(Buffer.from(picture.svg), { density: DENSITY }).png().toBuffer();
  const { width: pxW = 1, height: pxH = 1 } = await sharp(png).metadata();
  const scale = (PAGE.width - 2 * MARGIN) / pxW;
  const sliceH = Math.max(1, Math.floor((PAGE.height - 2 * MARGIN - HEADER) / scale));
  const doc = new PDFDocument({ size: [PAGE.width, PAGE.height], margin: MARGIN, autoFirstPage: false, info: { Title: picture.title, Creator: '封闭园区低代码平台' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('cjk', font.path, font.family);
  const taken = new Date().toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });
  const pages = Math.ceil(pxH / sliceH);
  for (let i = 0; i < pages; i++) {
    const top = i * sliceH;
    const h = Math.min(sliceH, pxH - top);
    const slice = await sharp(png).extract({ left: 0, top, width: pxW, height: h }).png().toBuffer();
    doc.addPage();
    doc.font('cjk').fontSize(12).fillColor('#1d2129').text(`${picture.title}  ${taken}  第 ${i + 1}/${pages} 页`, MARGIN, MARGIN, { width: PAGE.width - 2 * MARGIN, lineBreak: false });
    doc.image(slice, MARGIN, MARGIN + HEADER, { width: pxW * scale, height: h * scale });
  }
  doc.end();
  return { buffer: await done, name: `${schedule.name}.pdf`, suffix: 'pdf', mime: 'application/pdf' };
};
