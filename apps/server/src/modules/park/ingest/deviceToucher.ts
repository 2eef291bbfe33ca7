import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { touchDevice } from './repo.ts';

/* touchDevice writes only when the flag is off or the time is 10 s old, so within 10 s of this
   process's own touch the round trip would find nothing to do: at a GPS platform's rate that was
   one statement of every four per position batch. */
const TOUCH_EVERY_MS = 10_000;

/** Marks reporting devices alive, skipping the statement when this process did so lately. */
export class DeviceToucher {
  private readonly touchedAt = new Map<string, number>();

  constructor(private readonly db: Kysely<Database>) {}

  async touch(deviceId: string, now = Date.now()): Promise<void> {
    const last = this.touchedAt.get(deviceId);
    if (last !== undefined && now - last < TOUCH_EVERY_MS) return;
    await touchDevice(this.db, deviceId);
    this.touchedAt.set(deviceId, now);
  }

  /** A state report may have turned the device off: the next report must write again. */
  forget(deviceId: string): void {
    this.touchedAt.delete(deviceId);
  }
}
