import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { QrListKind } from '@park/core';
import type { PdfFont } from './pdfFont.ts';

/**
 * The printable QR sheet (issue 39): A4 pages of six labels, each the entry's code above the
 * form's name and the entry's, framed by a dashed line to cut along. pdfkit writes it (it embeds a
 * subset of a TrueType/OpenType collection by face name, so the system's Noto CJK .ttc serves
 * as it is); the codes are PNGs from `qrcode`, as the designer's preview draws them.
 */

export const KIND_TITLES: Readonly<Record<QrListKind, string>> = { add: '新增填报', query: '查看数据', edit: '编辑数据' };

export interface SheetLabel {
  kind: QrListKind;
  name: string;
  /** The absolute address the code carries (the mobile client's /qr/{token}). */
  address: string;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 36;
const COLUMNS = 2;
const ROWS = 3;
const QR_SIZE = 170;

export async function buildQrSheet(formName: string, labels: readonly SheetLabel[], font: PdfFont): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, autoFirstPage: false, info: { Title: `${formName}二维码`, Creator: '封闭园区低代码平台' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('cjk', font.path, font.family);

  const cellW = (A4.width - 2 * MARGIN) / COLUMNS;
  const cellH = (A4.height - 2 * MARGIN) / ROWS;
  for (const [i, label] of labels.entries()) {
    const slot = i % (COLUMNS * ROWS);
    if (slot === 0) doc.addPage();
    const x = MARGIN + (slot % COLUMNS) * cellW;
    const y = MARGIN + Math.floor(slot / COLUMNS) * cellH;
    doc.save().dash(4, { space: 4 }).strokeColor('#bbbbbb').rect(x + 4, y + 4, cellW - 8, cellH - 8).stroke().restore();
    const png = await QRCode.toBuffer(label.address, { type: 'png', width: 480, margin: 2, errorCorrectionLevel: 'M' });
    doc.image(png, x + (cellW - QR_SIZE) / 2, y + 16, { width: QR_SIZE, height: QR_SIZE });
    const textWidth = cellW - 24;
    doc.font('cjk').fontSize(13).fillColor('#000000').text(formName, x + 12, y + QR_SIZE + 24, { width: textWidth, align: 'center', lineBreak: true, height: 34, ellipsis: true });
    doc.fontSize(11).fillColor('#333333').text(`${KIND_TITLES[label.kind]}：${label.name}`, x + 12, y + QR_SIZE + 44, { width: textWidth, align: 'center', height: 30, ellipsis: true });
  }
  doc.end();
  return done;
}
