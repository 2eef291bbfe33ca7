import { sql, type QueryExecutorProvider } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';

/**
 * Session and user caches live in each server process. When a session ends or a user changes,
 * every instance must drop its copy at once, so changes are announced with PostgreSQL
 * NOTIFY (delivered on commit of the announcing transaction) and heard with LISTEN.
 */
export type AuthEvent =
  | { kind: 'session'; id: string }
  | { kind: 'user'; id: string }
  /** Security settings changed (session idle timeout, login attempt limit): reload them. */
  | { kind: 'settings' }
  /** A form's design or status changed: drop its parsed model. */
  | { kind: 'form'; id: string };

const CHANNEL = 'park_auth';

export class AuthEvents {
  private client: pg.Client | null = null;
  private readonly handlers: Array<(e: AuthEvent) => void> = [];
  private stopped = false;

  constructor(
    private readonly connectionString: string,
    private readonly logger: Pick<Logger, 'warn' | 'info'>,
  ) {}

  on(handler: (e: AuthEvent) => void): void {
    this.handlers.push(handler);
  }

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      try {
        this.deliver(JSON.parse(msg.payload) as AuthEvent);
      } catch {
        /* a malformed payload is not ours; ignore it */
      }
    });
    client.on('error', (err) => {
      this.logger.warn({ err: err.message }, 'auth event listener lost; reconnecting');
      // Events may have been missed while disconnected, so everyone drops all caches.
      for (const h of this.handlers) h({ kind: 'user', id: '*' });
      this.client = null;
      this.reconnectLater();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.client = client;
  }

  private reconnecting = false;

  /** Tries again every second until the database answers: one failed attempt must not end listening. */
  private reconnectLater(): void {
    if (this.stopped || this.reconnecting) return;
    this.reconnecting = true;
    setTimeout(() => {
      this.reconnecting = false;
      if (this.stopped || this.client) return;
      void this.start().catch(() => this.reconnectLater());
    }, 1000);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const c = this.client;
    this.client = null;
    if (c) await c.end().catch(() => undefined);
  }

  /**
   * Hands an event to this instance's handlers now. The NOTIFY reaches every instance a moment
   * after commit; a service calls this once its transaction has committed so that its own
   * instance acts before the reply is sent (a disabled user's next request is already refused).
   */
  deliver(event: AuthEvent): void {
    for (const h of this.handlers) h(event);
  }

  /** Announces an event; pass the transaction so it is only heard if the change commits. */
  async publish(db: QueryExecutorProvider, event: AuthEvent): Promise<void> {
    await sql`select pg_notify(${CHANNEL}, ${JSON.stringify(event)})`.execute(db);
  }
}

/** The AuthEvents is part of every module's context (see context.ts). */
declare module '../../context.ts' {
  interface AppContext {
    events: AuthEvents;
  }
}
