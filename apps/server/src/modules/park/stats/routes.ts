import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { ALARM } from './alarm.ts';
import { CORP } from './corp.ts';
import { CPMS } from './cpms.ts';
import { OVERVIEW } from './overview.ts';
import { PARK_STATS } from './parkStats.ts';
import { rangeOf, StatQuery } from './query.ts';
import { SECURITY } from './security.ts';
import { PARK_VIEW_PERMISSION } from '../permissions.ts';
import type { StatSection } from './types.ts';
import { WARN } from './warn.ts';


/** The catalogue's park sections (spec 002 §7), each under its own prefix. */
export const SECTIONS: ReadonlyArray<readonly [string, StatSection]> = [
  ['/api/corp/', CORP],
  ['/api/securitysituation/', SECURITY],
  ['/api/statistics/park/', PARK_STATS],
  ['/api/statistics/parkoverview/', OVERVIEW],
  ['/api/warnanalysis/', WARN],
  ['/api/alarm/', ALARM],
  ['/api/cpms/', CPMS],
];

/**
 * Every statistics call answers GET with a query string and POST with the same parameters as
 * JSON (the origin client's wrapper posts group lists), read-only either way.
 */
export function statsRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  for (const [prefix, section] of SECTIONS) {
    for (const [path, call] of Object.entries(section)) {
      const handler = async (q: StatQuery) => {
        const now = new Date();
        return { errCode: 0, ...(await call.run({ db, q, range: rangeOf(q, call.range, now), now })) };
      };
      const config = { permission: PARK_VIEW_PERMISSION, readOnly: true };
      app.get(`${prefix}${path}`, { schema: { querystring: StatQuery }, config }, (request) => handler(request.query as StatQuery));
      app.post(`${prefix}${path}`, { schema: { body: StatQuery }, config }, (request) => handler((request.body ?? {}) as StatQuery));
    }
  }
}
