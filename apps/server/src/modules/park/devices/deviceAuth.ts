import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { DEVICE_TYPES, type DeviceType, type IngestKind } from '@park/core';
import type { Database } from '../../../db/schema.ts';
import { errorBody } from '../../../plugins/errors.ts';
import { deviceByTokenHash } from './repo.ts';
import { hashDeviceToken } from './tokens.ts';

export interface IngestDevice {
  id: string;
  code: string;
  name: string;
  type: DeviceType;
  gateId: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The device whose token authenticated an /api/ingest call. */
    device: IngestDevice | null;
  }
}

/* A device posts every few seconds: its token is looked up once and kept briefly. A token reset,
   a disablement or a deletion is seen at once on this instance (forget) and within the TTL on others. */
const TTL_MS = 30_000;

export class DeviceTokens {
  private readonly cache = new Map<string, { device: IngestDevice | null; at: number }>();
  constructor(private readonly db: Kysely<Database>) {}

  async resolve(token: string): Promise<IngestDevice | null> {
    const hash = hashDeviceToken(token);
    const hit = this.cache.get(hash);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.device;
    const row = await deviceByTokenHash(this.db, hash);
    const device: IngestDevice | null =
      row && row.status === 0
        ? { id: row.id, code: row.device_code, name: row.device_name, type: row.device_type as DeviceType, gateId: row.gate_id }
        : null;
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(hash, { device, at: Date.now() });
    return device;
  }

  forgetAll(): void {
    this.cache.clear();
  }
}

export const INGEST_TOKEN_HEADER = 'x-device-token';

function tokenOf(request: FastifyRequest): string | null {
  const bearer = request.headers.authorization;
  if (bearer?.startsWith('Bearer ')) return bearer.slice(7).trim() || null;
  const header = request.headers[INGEST_TOKEN_HEADER];
  return typeof header === 'string' && header ? header : null;
}

/** preHandler for an ingestion route: a live device token whose device type may report `kind`. */
export function deviceGuard(tokens: DeviceTokens, kind: IngestKind) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const token = tokenOf(request);
    const device = token ? await tokens.resolve(token) : null;
    if (!device) return reply.status(401).send(errorBody(401, '设备令牌无效或设备已停用'));
    if (!DEVICE_TYPES[device.type].ingest.includes(kind)) {
      return reply.status(403).send(errorBody(403, `${DEVICE_TYPES[device.type].label}不能上报此类数据`));
    }
    request.device = device;
  };
}
