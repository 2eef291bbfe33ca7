import type { RendererMap } from './types.ts';
import { renderExcel } from './excel/index.ts';
import { renderPdf } from './pdf/index.ts';
import { renderPng } from './png/index.ts';

/** What each kind of schedule sends, one folder per target. */
export const RENDERERS: RendererMap = { excel: renderExcel, png: renderPng, pdf: renderPdf };
export type { Rendered } from './types.ts';
