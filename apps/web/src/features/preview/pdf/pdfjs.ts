import { getDocument, GlobalWorkerOptions, type PDFDocumentLoadingTask } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/*
 * pdf.js with everything it may fetch bundled by Vite, so an intranet with no internet previews any
 * PDF: the worker, the predefined CMaps (Chinese PDFs with non-embedded fonts need the Adobe-GB1
 * ones), the standard font data and the image decoders' wasm. The glob imports emit each file as
 * a hashed asset (the glob path is relative because node_modules is hoisted to the repository
 * root); a file is fetched only when pdf.js asks for it.
 */
GlobalWorkerOptions.workerSrc = workerUrl;

/* Eager: only the URL strings are in this chunk; `no-inline` keeps small files out of data: URLs,
   which our CSP's connect-src would refuse to fetch. */
const byName = (files: Record<string, string>) =>
  new Map(Object.entries(files).map(([path, url]) => [path.slice(path.lastIndexOf('/') + 1), url]));
const CMAPS = byName(
  import.meta.glob<string>('../../../../../../node_modules/pdfjs-dist/cmaps/*.bcmap', {
    query: '?url&no-inline',
    import: 'default',
    eager: true,
  }),
);
const FONTS = byName(
  import.meta.glob<string>('../../../../../../node_modules/pdfjs-dist/standard_fonts/*.{pfb,ttf}', {
    query: '?url&no-inline',
    import: 'default',
    eager: true,
  }),
);
const WASM = byName(
  import.meta.glob<string>('../../../../../../node_modules/pdfjs-dist/wasm/*.wasm', {
    query: '?url&no-inline',
    import: 'default',
    eager: true,
  }),
);

async function bytesOf(files: Map<string, string>, name: string): Promise<Uint8Array> {
  const url = files.get(name);
  if (!url) throw new Error(`pdf.js 资源缺失: ${name}`);
  const res = await fetch(url);
  if (!res.ok) throw new Error(`pdf.js 资源加载失败: ${name}`);
  return new Uint8Array(await res.arrayBuffer());
}

/* pdf.js instantiates these with its options object and calls fetch() on them. */
class BundledCMapReaderFactory {
  async fetch({ name }: { name: string }) {
    return { cMapData: await bytesOf(CMAPS, `${name}.bcmap`), isCompressed: true };
  }
}
class BundledStandardFontDataFactory {
  fetch({ filename }: { filename: string }) {
    return bytesOf(FONTS, filename);
  }
}
class BundledWasmFactory {
  fetch({ filename }: { filename: string }) {
    return bytesOf(WASM, filename);
  }
}

/** Opens a PDF by URL; pages are fetched with range requests as they are needed. */
export function openPdf(url: string): PDFDocumentLoadingTask {
  return getDocument({
    url,
    withCredentials: true,
    httpHeaders: { 'X-Requested-With': 'XMLHttpRequest' },
    // Only what the shown pages need is fetched: a 200-page file shows page 1 without the rest.
    disableAutoFetch: true,
    rangeChunkSize: 256 * 1024,
    // Our CSP has no 'unsafe-eval'; pdf.js then draws fonts without compiling code.
    isEvalSupported: false,
    enableXfa: false,
    CMapReaderFactory: BundledCMapReaderFactory,
    StandardFontDataFactory: BundledStandardFontDataFactory,
    WasmFactory: BundledWasmFactory,
    useWorkerFetch: false,
  });
}
