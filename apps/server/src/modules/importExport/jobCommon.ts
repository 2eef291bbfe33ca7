/** A job ends as failed with this message shown to the user; it is not retried. */
export class JobFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobFailure';
  }
}

/** Lets queued requests run between chunks of a long job. */
export function yieldToLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** A worksheet name Excel accepts: at most 31 characters, none of : \ / ? * [ ]. */
export function sheetNameOf(name: string): string {
  const clean = name.replace(/[:\\/?*[\]]/g, ' ').replace(/^'+|'+$/g, '').trim().slice(0, 31);
  return clean || 'Sheet1';
}
