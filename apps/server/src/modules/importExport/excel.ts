/**
 * exceljs, with its streaming XML reader fixed for UTF-8.
 *
 * exceljs 4.4 decodes each chunk of a part on its own (lib/utils/parse-sax.js), so a Chinese
 * character split between two chunks becomes two U+FFFD: in a million-row import, dozens of cells
 * were silently corrupted (一级 read as 一��). The fix is a parse-sax that decodes with a
 * StringDecoder, installed in the require cache before exceljs loads. Every server module takes
 * exceljs from here; `assertUtf8Safe` fails a job if exceljs was loaded some other way first.
 */
import { createRequire } from 'node:module';
import { PassThrough, type Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type ExcelJSType from 'exceljs';

const require = createRequire(import.meta.url);
const PARSE_SAX = require.resolve('exceljs/lib/utils/parse-sax.js');

type SaxEvent = { eventType: 'opentag' | 'text' | 'closetag'; value: unknown };
interface SaxesParser {
  on(event: string, handler: (value: unknown) => void): void;
  write(text: string): void;
}

/** exceljs's parse-sax, decoding across chunk boundaries. */
function makeParseSax() {
  const { SaxesParser } = createRequire(PARSE_SAX)('saxes') as { SaxesParser: new () => SaxesParser };
  return async function* parseSax(iterable: unknown) {
    const stream = iterable as Partial<Readable> & object;
    // Old-style streams without async iteration are upgraded, as exceljs's own version does.
    const source = (
      typeof stream.pipe === 'function' && !(Symbol.asyncIterator in stream) ? stream.pipe(new PassThrough()) : iterable
    ) as AsyncIterable<Buffer | string>;
    const parser = new SaxesParser();
    let error: unknown = null;
    parser.on('error', (err) => (error = err));
    let events: SaxEvent[] = [];
    parser.on('opentag', (value) => events.push({ eventType: 'opentag', value }));
    parser.on('text', (value) => events.push({ eventType: 'text', value }));
    parser.on('closetag', (value) => events.push({ eventType: 'closetag', value }));
    const decoder = new StringDecoder('utf8');
    for await (const chunk of source) {
      parser.write(typeof chunk === 'string' ? chunk : decoder.write(chunk));
      if (error) throw error;
      yield events;
      events = [];
    }
    const rest = decoder.end();
    if (rest) {
      parser.write(rest);
      if (error) throw error;
      yield events;
    }
  };
}

const fixed = makeParseSax();
if (!require.cache[PARSE_SAX]) {
  const mod = new (require('node:module') as { Module: new (id: string) => NodeJS.Module }).Module(PARSE_SAX);
  mod.filename = PARSE_SAX;
  mod.loaded = true;
  mod.exports = fixed;
  require.cache[PARSE_SAX] = mod;
}

const ExcelJS = require('exceljs') as typeof ExcelJSType;

/** Whether exceljs reads through the fixed parser (it was not loaded before this module). */
export function assertUtf8Safe(): void {
  if (require.cache[PARSE_SAX]?.exports !== fixed) {
    throw new Error('exceljs was loaded before importExport/excel.ts: its streaming reader would corrupt UTF-8');
  }
}

export default ExcelJS;
export type { ExcelJSType };
