import Fastify, { type FastifyInstance } from 'fastify';
import fastifyFormbody from '@fastify/formbody';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { loadConfig } from '../../config.ts';
import { addUser, roleWithMenus } from '../admin/testHelpers.ts';
import { DssGateway, GatewayError } from './dssGateway.ts';
import { GATEWAY } from './gatewayPaths.ts';
import { dssSimulator, type SimulatorState } from './simulator/gateway.ts';

/* The gateway simulator runs on its own port and the adapter talks real HTTP to it. */
async function startSimulator(accessTtlSec = 1800): Promise<{ url: string; state: SimulatorState; app: FastifyInstance }> {
  const sim = dssSimulator({ accessTtlSec });
  const app = Fastify();
  await app.register(fastifyFormbody);
  await app.register(sim.plugin);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  return { url: `http://127.0.0.1:${address.port}`, state: sim.state, app };
}

const credentials = { user: 'system', password: 'Admin123', clientId: 'park_web', clientSecret: 'simulator-secret' };

describe('DSS gateway adapter against the simulator', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  beforeAll(async () => {
    sim = await startSimulator(1);
  });
  afterAll(async () => sim.app.close());

  it('logs in with the sealed password and keeps the login set', async () => {
    const gw = new DssGateway({ baseUrl: () => sim.url, ...credentials, refreshMarginMs: 0 });
    const set = await gw.login();
    expect(set.UserName).toBe('system');
    expect(set.accessToken).toMatch(/^[0-9a-f]{32}$/);
    expect(set.refreshToken).toMatch(/^[0-9a-f]{32}$/);
    expect(set).toMatchObject({ userId: '1', magicId: 'sim-magic', remainderDays: 90 });
  });

  it('answers 用户名或密码错误 for a wrong password', async () => {
    const gw = new DssGateway({ baseUrl: () => sim.url, ...credentials, password: 'wrong' });
    const err = await gw.login().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayError);
    expect((err as GatewayError).message).toBe('用户名或密码错误');
    expect((err as GatewayError).kind).toBe('login');
  });

  it('refreshes an expired access token with the refresh token, and after a revocation', async () => {
    const gw = new DssGateway({ baseUrl: () => sim.url, ...credentials, refreshMarginMs: 0 });
    await gw.call('POST', GATEWAY.tree, {});
    const logins = sim.state.logins;
    const refreshes = sim.state.refreshes;
    const firstToken = gw.loginSet!.accessToken;
    await new Promise((r) => setTimeout(r, 1100)); // the simulator's tokens live 1 s
    await gw.call('POST', GATEWAY.tree, {});
    expect(sim.state.refreshes).toBe(refreshes + 1);
    expect(sim.state.logins).toBe(logins);
    expect(gw.loginSet!.accessToken).not.toBe(firstToken);

    sim.state.revokeAccessTokens(); // refused with 401 mid-life: refresh and retry once
    const tree = await gw.call<{ value: unknown[] }>('POST', GATEWAY.tree, {});
    expect(tree.value.length).toBeGreaterThan(0);
    expect(sim.state.refreshes).toBe(refreshes + 2);
  });

  it('runs one login for many calls arriving together', async () => {
    const gw = new DssGateway({ baseUrl: () => sim.url, ...credentials });
    const logins = sim.state.logins;
    await Promise.all(Array.from({ length: 8 }, () => gw.call('POST', GATEWAY.tree, {})));
    expect(sim.state.logins).toBe(logins + 1);
  });

  it('says the platform cannot be reached when nothing listens', async () => {
    const gw = new DssGateway({ baseUrl: () => 'http://127.0.0.1:9', ...credentials, timeoutMs: 2000 });
    await expect(gw.login()).rejects.toThrow('视频平台无法连接，请稍后再试');
  });
});

describe('/api/video through the platform', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  let t: TestApp;
  let admin: string;
  const video = (url: string) => ({ ...loadConfig({}).video, dssUrl: url, dssUser: 'system', dssPassword: 'Admin123', clientSecret: 'simulator-secret' });

  beforeAll(async () => {
    sim = await startSimulator();
    t = await createTestApp({ video: video(sim.url) });
    admin = await t.login();
  });
  afterAll(async () => {
    await t.close();
    await sim.app.close();
  });

  it('lists the camera tree by organisation with online state', async () => {
    const res = await t.call(admin, 'GET', '/api/video/tree');
    expect(res.statusCode, res.body).toBe(200);
    const [root] = res.json().tree;
    expect(root.name).toBe('园区视频监控');
    expect(root.children.map((g: { name: string }) => g.name)).toEqual(['一号罐区', '二号罐区', '园区出入口', '危化品停车场']);
    const tank1 = root.children[0].children;
    expect(tank1).toHaveLength(4);
    expect(tank1[0]).toMatchObject({ id: '1000001$1$0$0', kind: 'channel', isOnline: 1, browserPlayable: true });
    expect(tank1[3]).toMatchObject({ name: '一号罐区围堰', isOnline: 0 });
  });

  it('gives the plug-in info with the configured download path', async () => {
    const res = await t.call(admin, 'GET', '/api/video/playerInfo');
    expect(res.json()).toEqual({ errCode: 0, url: '/download/DHPlayer.zip', version: '3.2.1' });
  });

  it('starts live video with |-separated addresses and logs the view', async () => {
    const res = await t.call(admin, 'POST', '/api/video/startVideo', { channelId: '1000002$1$0$0', streamType: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.url.split('|')).toHaveLength(2);
    expect(body.url).toContain('substream=1');
    expect(body.token).toBeTruthy();
    const sent = sim.state.calls.filter((c) => c.path === GATEWAY.startVideo).at(-1);
    expect(sent?.body).toEqual({ data: { channelId: '1000002$1$0$0', streamType: '2', dataType: '1' } });
    const { rows } = await t.sql.query(`select channel_name, kind from video_view_log order by id desc limit 1`);
    expect(rows[0]).toEqual({ channel_name: '一号罐区西侧', kind: 'live' });
  });

  it('refuses an offline camera and an unknown one', async () => {
    const offline = await t.call(admin, 'POST', '/api/video/startVideo', { channelId: '1000004$1$0$0', streamType: 1 });
    expect(offline.statusCode).toBe(400);
    expect(offline.json().errMsg).toBe('摄像头不在线');
    const unknown = await t.call(admin, 'POST', '/api/video/startVideo', { channelId: '9999$1$0$0', streamType: 1 });
    expect(unknown.statusCode).toBe(404);
  });

  it('queries the records of a day and plays back by time (port 9090 redirects)', async () => {
    const range = { channelId: '1000003$1$0$0', startTime: '2026-11-24 00:00:00', endTime: '2026-11-24 23:59:59' };
    const records = await t.call(admin, 'POST', '/api/video/queryRecords', range);
    expect(records.statusCode, records.body).toBe(200);
    const segs = records.json().records;
    expect(segs).toHaveLength(3);
    expect(Object.keys(segs[0]).sort()).toEqual(['endTime', 'fileLength', 'recordName', 'recordType', 'startTime']);
    const play = await t.call(admin, 'POST', '/api/video/startPlayback', { ...range, startTime: '2026-11-24 08:30:00' });
    expect(play.statusCode, play.body).toBe(200);
    expect(play.json()).toMatchObject({ redirect: true });
    expect(play.json().url).toContain(':9090/');
    const { rows } = await t.sql.query(`select kind, start_time, end_time from video_view_log order by id desc limit 1`);
    expect(rows[0]).toEqual({ kind: 'playback', start_time: '2026-11-24 08:30:00', end_time: '2026-11-24 23:59:59' });
  });

  it('refuses an inverted range with 开始时间不得大于结束时间 before calling the gateway', async () => {
    const before = sim.state.calls.length;
    const res = await t.call(admin, 'POST', '/api/video/startPlayback', {
      channelId: '1000003$1$0$0',
      startTime: '2026-11-24 10:00:00',
      endTime: '2026-11-24 09:00:00',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errMsg).toBe('开始时间不得大于结束时间');
    expect(sim.state.calls.length).toBe(before);
  });

  it('gives a browser-playable HLS address where the gateway offers one, and says so where not', async () => {
    const hls = await t.call(admin, 'POST', '/api/video/streamAddress', { kind: 'hlsLive', channelId: '1000001$1$0$0', streamType: 1 });
    expect(hls.statusCode, hls.body).toBe(200);
    expect(hls.json().url).toMatch(/\/media\/hls\/index\.m3u8\?channelId=/);
    const playlist = await fetch(hls.json().url);
    expect(await playlist.text()).toContain('#EXTM3U');
    const none = await t.call(admin, 'POST', '/api/video/streamAddress', { kind: 'hlsLive', channelId: '1000002$1$0$0', streamType: 1 });
    expect(none.statusCode).toBe(502);
    expect(none.json().errMsg).toBe('该通道不提供浏览器可播放的码流');
    const record = await t.call(admin, 'POST', '/api/video/streamAddress', {
      kind: 'hlsRecord',
      channelId: '1000001$1$0$0',
      streamType: 1,
      startTime: '2026-11-24 08:00:00',
      endTime: '2026-11-24 09:00:00',
    });
    expect(record.statusCode, record.body).toBe(200);
    const sent = sim.state.calls.at(-1)!.body as { data: Record<string, string> };
    expect(sent.data).toMatchObject({ type: 'hls', channelId: '1000001$1$0$0' });
    expect(Number(sent.data.endTime) - Number(sent.data.beginTime)).toBe(3600);
    const inverted = await t.call(admin, 'POST', '/api/video/streamAddress', {
      kind: 'hlsRecord',
      channelId: '1000001$1$0$0',
      streamType: 1,
      startTime: '2026-11-24 09:00:00',
      endTime: '2026-11-24 08:00:00',
    });
    expect(inverted.json().errMsg).toBe('开始时间不得大于结束时间');
    const bad = await t.call(admin, 'POST', '/api/video/streamAddress', { kind: '../../admin', channelId: '1000001$1$0$0', streamType: 1 });
    expect(bad.statusCode).toBe(400);
  });

  it('gives an HTTP-FLV address for the flvLive kind, with the permission check and the view log', async () => {
    const tree = (await t.call(admin, 'GET', '/api/video/tree')).json().tree;
    const tank2 = tree[0].children[1].children;
    expect(tank2[0]).toMatchObject({ id: '1000005$1$0$0', browserPlayable: true, browserFormat: 'flv' });
    expect(tree[0].children[0].children[0]).toMatchObject({ browserFormat: 'hls' });

    const flv = await t.call(admin, 'POST', '/api/video/streamAddress', { kind: 'flvLive', channelId: '1000005$1$0$0', streamType: 2 });
    expect(flv.statusCode, flv.body).toBe(200);
    expect(flv.json()).toMatchObject({ token: '', redirect: false });
    expect(flv.json().url).toMatch(/\/media\/flv\/clip\.flv\?channelId=/);
    const sent = sim.state.calls.at(-1)!;
    expect(sent.path).toBe('/evo-apigw/admin/API/video/stream/realtime');
    expect(sent.body).toEqual({ data: { channelId: '1000005$1$0$0', streamType: '2', type: 'flv' } });
    const bytes = Buffer.from(await (await fetch(flv.json().url)).arrayBuffer());
    expect(bytes.subarray(0, 3).toString('latin1')).toBe('FLV');
    const { rows } = await t.sql.query(`select channel_name, kind from video_view_log order by id desc limit 1`);
    expect(rows[0]).toEqual({ channel_name: '二号罐区东侧', kind: 'flvLive' });

    // A camera the gateway offers only as HLS has no FLV stream, and an offline one is refused before the gateway.
    const hlsOnly = await t.call(admin, 'POST', '/api/video/streamAddress', { kind: 'flvLive', channelId: '1000001$1$0$0', streamType: 1 });
    expect(hlsOnly.statusCode).toBe(502);
    expect(hlsOnly.json().errMsg).toBe('该通道不提供浏览器可播放的码流');
    const offline = await t.call(admin, 'POST', '/api/video/streamAddress', { kind: 'flvLive', channelId: '1000004$1$0$0', streamType: 1 });
    expect(offline.json().errMsg).toBe('摄像头不在线');
  });

  it('starts a talk', async () => {
    const res = await t.call(admin, 'POST', '/api/video/startTalk', { channelId: '1000009$1$0$0' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().url).toContain('/dss/talk/');
  });

  it('lets a role see only the camera groups granted to it', async () => {
    const roleId = await roleWithMenus(t, admin, '罐区值班员', ['/video/wall']);
    const user = await addUser(t, admin, 'tank_watch', { roleIds: [roleId] });
    const watcher = await t.login(user.username, user.password);

    expect((await t.call(watcher, 'GET', '/api/video/tree')).json().tree).toEqual([]);
    const refused = await t.call(watcher, 'POST', '/api/video/startVideo', { channelId: '1000001$1$0$0', streamType: 1 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errMsg).toBe('您无权查看该摄像头');

    const saved = await t.call(admin, 'POST', '/api/video/groupRoles/save', { roleId: String(roleId), groupIds: ['001001'] });
    expect(saved.statusCode, saved.body).toBe(200);
    const tree = (await t.call(watcher, 'GET', '/api/video/tree')).json().tree;
    expect(tree[0].children.map((g: { name: string }) => g.name)).toEqual(['一号罐区']);
    expect((await t.call(watcher, 'POST', '/api/video/startVideo', { channelId: '1000001$1$0$0', streamType: 1 })).statusCode).toBe(200);
    expect((await t.call(watcher, 'POST', '/api/video/startVideo', { channelId: '1000005$1$0$0', streamType: 1 })).statusCode).toBe(403);
    const flvRefused = await t.call(watcher, 'POST', '/api/video/streamAddress', { kind: 'flvLive', channelId: '1000005$1$0$0', streamType: 1 });
    expect(flvRefused.statusCode).toBe(403);
    expect(flvRefused.json().errMsg).toBe('您无权查看该摄像头');
    expect((await t.call(watcher, 'GET', `/api/video/groupRoles?roleId=${roleId}`)).statusCode).toBe(403);
    const noRole = await t.call(admin, 'POST', '/api/video/groupRoles/save', { roleId: '987654', groupIds: ['001'] });
    expect(noRole.statusCode).toBe(404);
    expect(noRole.json().errMsg).toBe('角色不存在');

    const log = await t.call(admin, 'GET', '/api/video/viewLog?pageNum=1&pageSize=5');
    expect(log.json().datas[0]).toMatchObject({ username: 'tank_watch', channel_name: '一号罐区东侧', kind: 'live' });
  });

  it('refuses the wall to a user without the video menu', async () => {
    const user = await addUser(t, admin, 'no_video');
    const cookie = await t.login(user.username, user.password);
    expect((await t.call(cookie, 'GET', '/api/video/tree')).statusCode).toBe(403);
  });
});

describe('/api/video with a wrong gateway password, and unconfigured', () => {
  it('says 视频平台登录失败：用户名或密码错误', async () => {
    const sim = await startSimulator();
    const t = await createTestApp({ video: { ...loadConfig({}).video, dssUrl: sim.url, dssUser: 'system', dssPassword: 'nope' } });
    try {
      const res = await t.call(await t.login(), 'GET', '/api/video/tree');
      expect(res.statusCode).toBe(502);
      expect(res.json().errMsg).toBe('视频平台登录失败：用户名或密码错误');
    } finally {
      await t.close();
      await sim.app.close();
    }
  });

  it('says 视频平台未配置 without DSS_URL', async () => {
    const t = await createTestApp();
    try {
      const res = await t.call(await t.login(), 'GET', '/api/video/tree');
      expect(res.statusCode).toBe(503);
      expect(res.json().errMsg).toBe('视频平台未配置');
    } finally {
      await t.close();
    }
  });
});
