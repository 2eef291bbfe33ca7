import { lazy } from 'react';
import type { RendererRegistry } from './types.ts';

/* Each renderer is its own chunk: pdf.js, docx-preview, exceljs and CodeMirror load only when a file needs them. */
export const RENDERERS: RendererRegistry = {
  pdf: lazy(() => import('./PdfRenderer.tsx').then((m) => ({ default: m.PdfRenderer }))),
  office: lazy(() => import('./PdfRenderer.tsx').then((m) => ({ default: m.OfficeRenderer }))),
  docx: lazy(() => import('./DocxRenderer.tsx').then((m) => ({ default: m.DocxRenderer }))),
  sheet: lazy(() => import('./SheetRenderer.tsx').then((m) => ({ default: m.SheetRenderer }))),
  image: lazy(() => import('./ImageRenderer.tsx').then((m) => ({ default: m.ImageRenderer }))),
  video: lazy(() => import('./MediaRenderer.tsx').then((m) => ({ default: m.VideoRenderer }))),
  audio: lazy(() => import('./MediaRenderer.tsx').then((m) => ({ default: m.AudioRenderer }))),
  code: lazy(() => import('./TextRenderer.tsx').then((m) => ({ default: m.CodeRenderer }))),
  markdown: lazy(() => import('./TextRenderer.tsx').then((m) => ({ default: m.MarkdownRenderer }))),
};
