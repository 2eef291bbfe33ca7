import { createReadStream } from 'node:fs';
import type * as XL from 'exceljs';
import ExcelJS from './excel.ts';
import { SharedStringStore, sharedText } from './sharedStrings.ts';

export interface WorkbookTab {
  name: string;
  rows: AsyncIterable<XL.Row>;
  /** The workbook's shared strings, complete by the time a tab's rows are read. */
  strings: SharedStringStore;
  date1904: boolean;
}

/**
 * The tabs of a workbook in order, each read as a stream of rows with exceljs's streaming reader.
 * A tab the caller does not read is read past (the reader cannot skip a part it has started);
 * leaving the loop early stops reading the file.
 */
export async function* workbookTabs(file: string): AsyncGenerator<WorkbookTab> {
  const input = createReadStream(file);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    // Emitted, not cached: kept in a compact store (sharedStrings.ts). exceljs then parks every
    // sheet in a temp file until the strings are read, whatever the part order.
    sharedStrings: 'emit',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  const strings = new SharedStringStore();
  try {
    // parse() yields worksheets as {eventType, value} and, in 'emit' mode, each shared string
    // as a bare {index, text}, in index order.
    type ReaderEvent = { eventType?: string; value?: unknown; index?: number; text?: unknown };
    for await (const event of reader.parse() as unknown as AsyncIterable<ReaderEvent>) {
      if (event.eventType === undefined && typeof event.index === 'number') {
        strings.push(sharedText(event.text));
        continue;
      }
      if (event.eventType !== 'worksheet') continue;
      const sheet = event.value as AsyncIterable<XL.Row>;
      let started = false;
      const rows = {
        [Symbol.asyncIterator]: () => {
          started = true;
          return sheet[Symbol.asyncIterator]();
        },
      };
      const date1904 = Boolean((reader as unknown as { properties?: { model?: { date1904?: boolean } } }).properties?.model?.date1904);
      yield { name: (sheet as unknown as { name?: string }).name ?? '', rows, strings, date1904 };
      if (!started) for await (const _row of sheet) void _row;
    }
  } finally {
    input.destroy();
  }
}
