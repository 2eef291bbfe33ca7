import type { Kysely } from 'kysely';
import { SETTINGS_LIMITS, type SecuritySettings } from '@park/core';
import type { Database } from '../../../db/schema.ts';
import type { AuthEvents } from '../../auth/index.ts';

export const SETTING_KEYS = Object.keys(SETTINGS_LIMITS) as Array<keyof SecuritySettings>;

/**
 * Security settings (issue 5 §9): the environment gives the defaults, an administrator may
 * override them in sys_setting. Every instance keeps them in memory and reloads on the
 * `settings` NOTIFY that a save publishes, so SessionStore and LoginLimiter read them per call.
 */
export class SettingsStore {
  private values: SecuritySettings;

  constructor(
    private readonly db: Kysely<Database>,
    events: AuthEvents,
    readonly defaults: SecuritySettings,
  ) {
    this.values = { ...defaults };
    events.on((e) => {
      // '*' is also what a reconnecting listener sends: events may have been missed.
      if (e.kind === 'settings' || (e.kind === 'user' && e.id === '*')) void this.load().catch(() => undefined);
    });
  }

  get current(): SecuritySettings {
    return this.values;
  }

  async load(db: Kysely<Database> = this.db): Promise<SecuritySettings> {
    const rows = await db.selectFrom('sys_setting').select(['key', 'value']).execute();
    const next = { ...this.defaults };
    for (const r of rows) {
      const key = r.key as keyof SecuritySettings;
      const n = Number(r.value);
      if (SETTING_KEYS.includes(key) && Number.isInteger(n) && n >= 0) next[key] = n;
    }
    this.values = next;
    return next;
  }

  /** Stores the values inside the caller's transaction and tells every instance to reload. */
  async save(trx: Kysely<Database>, events: AuthEvents, values: SecuritySettings): Promise<void> {
    for (const key of SETTING_KEYS) {
      await trx
        .insertInto('sys_setting')
        .values({ key, value: String(values[key]) })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(values[key]), update_time: new Date() }))
        .execute();
    }
    await events.publish(trx, { kind: 'settings' });
  }

  /** Applies saved values in this process at once, without waiting for the NOTIFY. */
  apply(values: SecuritySettings): void {
    this.values = { ...values };
  }
}

/** The SettingsStore is part of every module's context (see context.ts). */
declare module '../../../context.ts' {
  interface AppContext {
    /** Security settings (idle timeout, login limit, log retention): environment defaults, DB overrides. */
    settings: SettingsStore;
  }
}
