import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { bootstrap, type Bootstrapped } from '../src/bootstrap.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { sealWithForge } from './sealWithForge.ts';

export const ADMIN_PASSWORD = 'Admin@123';

export interface TestApp {
  app: FastifyInstance;
  booted: Bootstrapped;
  databaseUrl: string;
  /** A direct pool on the file's database, for arranging and checking rows. */
  sql: pg.Pool;
  login(username?: string, password?: string): Promise<string>;
  /** GET/POST with a session cookie and the X-Requested-With header the real client sends. */
  call(cookie: string, method: 'GET' | 'POST', url: string, body?: unknown): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** A fresh database copied from the migrated template, and the real app built on it. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  /** The URL the app connects with, e.g. through a proxy a test can cut (the arranging pool connects directly). */
  appUrl: (databaseUrl: string) => string = (u) => u,
): Promise<TestApp> {
  const adminUrl = inject('pgAdminUrl');
  const template = inject('pgTemplate');
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}" template "${template}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();

  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'park-test-data-'));
  const config: Config = { ...loadConfig({ DATA_DIR: dataDir, WEB_DIST: 'none' }), ...overrides };
  const booted = await bootstrap(config, appUrl(databaseUrl), pino({ level: 'silent' }));
  const app = await buildApp(booted.ctx, { logger: false });
  const sql = new pg.Pool({ connectionString: databaseUrl, max: 2 });

  const login = async (username = 'admin', password = ADMIN_PASSWORD) => {
    const key = (await app.inject({ method: 'GET', url: '/apc/publicKey' })).json().publicKey as string;
    const res = await app.inject({
      method: 'POST',
      url: '/apc/login',
      payload: { username, password: sealWithForge(key, password) },
    });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
    const cookie = res.cookies.find((c) => c.name === 'park_sid');
    return `park_sid=${cookie!.value}`;
  };

  return {
    app,
    booted,
    databaseUrl,
    sql,
    login,
    call: (cookie, method, url, body) =>
      app.inject({
        method,
        url,
        headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
        ...(body === undefined ? {} : { payload: body as object }),
      }),
    close: async () => {
      await app.close();
      await booted.close();
      await sql.end();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
