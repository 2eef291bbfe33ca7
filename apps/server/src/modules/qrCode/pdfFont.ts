import fs from 'node:fs';
import { AppError } from '../../plugins/errors.ts';

/**
 * The CJK font a printed PDF embeds (pdfkit subsets it, so a sheet carries only the glyphs it
 * prints). Nothing is downloaded at run time: PDF_FONT names a font file on the server (`path`, or
 * `path#PostScriptName` for a .ttc collection); without it the usual system CJK fonts are tried,
 * as Debian's fonts-noto-cjk and fonts-wqy-* install them.
 */
export interface PdfFont {
  path: string;
  /** The face inside a collection; undefined for a single-face file. */
  family: string | undefined;
}

const SYSTEM_FONTS: ReadonlyArray<PdfFont> = [
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc', family: 'NotoSerifCJKsc-Regular' },
  { path: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', family: 'WenQuanYiMicroHei' },
  { path: '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc', family: 'WenQuanYiZenHei' },
];

export const NO_CJK_FONT = '服务器未安装中文字体，无法生成PDF：请安装 fonts-noto-cjk，或以 PDF_FONT 指定字体文件';

export function parsePdfFont(setting: string): PdfFont {
  const at = setting.lastIndexOf('#');
  return at > 0 ? { path: setting.slice(0, at), family: setting.slice(at + 1) || undefined } : { path: setting, family: undefined };
}

/** The configured font, else the first system CJK font present; 503 with the remedy when there is none. */
export function pdfFontOf(setting: string | null): PdfFont {
  const candidates = setting ? [parsePdfFont(setting)] : SYSTEM_FONTS;
  const found = candidates.find((f) => fs.existsSync(f.path));
  if (!found) throw new AppError(503, NO_CJK_FONT);
  return found;
}
