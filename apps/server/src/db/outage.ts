/**
 * PostgreSQL out of reach (issue 35 §3): every caller that needs it fails at once, so a line per
 * failure would bury the log (a browser polling five calls, an engine polling every second). An
 * OutageLog is one per app or engine: the first failure warns, later ones warn at most once a
 * minute (with how many were not logged), and the first success after an outage says so once.
 */

/* Socket errors reaching PostgreSQL, SQLSTATE class 08 (connection exception) and 57P01–57P03
   (the server shutting down, crashed or starting). */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH']);

export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || /^08[0-9A-Z]{3}$|^57P0[1-3]$/.test(code))) return true;
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(err.message);
}

export interface OutageLogger {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export const OUTAGE_WARN_EVERY_MS = 60_000;

/** The three lines an outage can write. */
export interface OutageWords {
  down: string;
  still: string;
  back: string;
}

const DEFAULT_WORDS: OutageWords = { down: 'database unavailable', still: 'database still unavailable', back: 'database reachable again' };

export class OutageLog {
  private down = false;
  private lastWarn = 0;
  private lastFailure = 0;
  private unlogged = 0;

  constructor(
    private readonly log: OutageLogger,
    /** Who is waiting, in the log lines: 'http', 'automation', 'jobs'. */
    private readonly who: string,
    private readonly words: OutageWords = DEFAULT_WORDS,
    private readonly now: () => number = Date.now,
  ) {}

  get isDown(): boolean {
    return this.down;
  }

  /** A call failed because the database is out of reach. */
  failed(err: unknown): void {
    const t = this.now();
    // Without a way to see it come back (reached), quiet for two windows means the last outage is over.
    if (this.down && t - this.lastFailure > 2 * OUTAGE_WARN_EVERY_MS) this.down = false;
    this.lastFailure = t;
    if (this.down && t - this.lastWarn < OUTAGE_WARN_EVERY_MS) {
      this.unlogged += 1;
      return;
    }
    const code = (err as { code?: unknown })?.code;
    this.log.warn(
      { who: this.who, code, message: err instanceof Error ? err.message : String(err), ...(this.down ? { notLogged: this.unlogged } : {}) },
      this.down ? this.words.still : this.words.down,
    );
    this.down = true;
    this.lastWarn = t;
    this.unlogged = 0;
  }

  /** A call reached the database: an outage, if there was one, is over. */
  reached(): void {
    if (!this.down) return;
    this.down = false;
    this.log.info({ who: this.who, notLogged: this.unlogged }, this.words.back);
    this.unlogged = 0;
  }
}
