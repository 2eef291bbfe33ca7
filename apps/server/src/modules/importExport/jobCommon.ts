/** A job ends as failed with this message shown to the user; it is not retried. */
export class JobFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobFailure';
  }
}

/** The first column of a sub-table's sheet: the parent record's row in the main sheet. */
export const PARENT_ROW_HEADER = '主表行号';
/** The column of an error workbook that says why a row was not imported. */
export const REASON_TITLE = '错误原因';

/** Lets queued requests run between chunks of a long job. */
export function yieldToLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** A worksheet name Excel accepts: at most 31 characters, none of : \ / ? * [ ]. */
export function sheetNameOf(name: string): string {
  const clean = name.replace(/[:\\/?*[\]]/g, ' ').replace(/^'+|'+$/g, '').trim().slice(0, 31);
  return clean || 'Sheet1';
}

type StreamState = { length?: number } | undefined;
type Piped = { _writableState?: StreamState; _readableState?: StreamState };

/**
 * Bytes a streaming worksheet has written that the zip writer has not yet taken. exceljs's
 * WorkbookWriter ignores backpressure: rows committed faster than archiver deflates them pile up
 * in memory (a whole sheet's XML, for a large export). Reads exceljs's and archiver's stream
 * internals defensively; 0 when their shape is not the expected one.
 */
function backlogOf(sheet: unknown): number {
  const stream = (sheet as { stream?: { pipes?: Piped[] } }).stream;
  const next = stream?.pipes?.[0];
  if (!next) return 0;
  return (next._writableState?.length ?? 0) + (next._readableState?.length ?? 0);
}

const BACKLOG_MAX = 4 * 1024 * 1024;

/** Waits until the zip writer has caught up with a streaming worksheet. */
export async function drainSheet(sheet: unknown): Promise<void> {
  await yieldToLoop();
  while (backlogOf(sheet) > BACKLOG_MAX) await new Promise((resolve) => setTimeout(resolve, 2));
}
