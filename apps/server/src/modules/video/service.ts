import type { Kysely } from 'kysely';
import {
  checkPlaybackRange,
  defaultRedirect,
  VIDEO_TEXT,
  type BrowserStreamKind,
  type RecordSegment,
  type VideoTreeNode,
} from '@park/core';
import type { Database } from '../../db/schema.ts';
import { AppError, badRequest, forbidden, notFound } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/index.ts';
import { buildCameraTree, mayWatch, visibleTree, type CameraTree } from './cameraTree.ts';
import { GatewayError, type DssGateway } from './dssGateway.ts';
import { GATEWAY, STREAM_ADDRESS_CALLS, type GatewayTreeNode } from './gatewayPaths.ts';
import * as repo from './repo.ts';

/* The camera tree changes rarely (a camera added, one going offline); a minute old is fresh enough. */
const TREE_TTL_MS = 60_000;

export interface Caller {
  auth: AuthContext;
  ip: string | null;
}

export interface LiveRequest {
  channelId: string;
  streamType: 1 | 2;
  dataType?: number;
}
export interface RangeRequest {
  channelId: string;
  startTime: string;
  endTime: string;
  streamType?: 1 | 2;
}

/**
 * The video calls with the platform's own checks in front of the gateway: the caller's roles must be
 * granted a group above the camera, playback ranges follow the one rule in core, and every stream
 * handed out is logged.
 */
export class VideoService {
  private tree: { at: number; value: CameraTree } | null = null;
  private loadingTree: Promise<CameraTree> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly gateway: DssGateway | null,
    private readonly downloadPath: string,
  ) {}

  async visibleTree(auth: AuthContext): Promise<VideoTreeNode[]> {
    const tree = await this.cameraTree();
    return visibleTree(tree.roots, await this.grantsOf(auth));
  }

  async playerInfo(): Promise<{ url: string; version: string }> {
    const info = await this.gw((g) => g.call<{ url: string; version: string }>('GET', GATEWAY.resourceInfo, undefined, { category: '1', type: 'DHPlayer' }));
    return { url: this.downloadPath || info.url, version: String(info.version ?? '') };
  }

  async startVideo(caller: Caller, req: LiveRequest) {
    const camera = await this.watchable(caller.auth, req.channelId, true);
    const data = await this.gw((g) =>
      g.call<{ url: string; token: string }>('POST', GATEWAY.startVideo, {
        data: { channelId: req.channelId, streamType: String(req.streamType), dataType: String(req.dataType ?? 1) },
      }),
    );
    await this.log(caller, camera, 'live');
    return { url: data.url, token: data.token, redirect: false };
  }

  async queryRecords(caller: Caller, req: RangeRequest): Promise<RecordSegment[]> {
    const range = this.range(req);
    await this.watchable(caller.auth, req.channelId, false);
    const data = await this.gw((g) =>
      g.call<{ records?: RecordSegment[] }>('POST', GATEWAY.queryRecords, {
        data: {
          channelId: req.channelId,
          recordSource: '2',
          startTime: String(range.start),
          endTime: String(range.end),
          streamType: String(req.streamType ?? 1),
          recordType: '0',
        },
      }),
    );
    return (data.records ?? []).map((r) => ({
      startTime: String(r.startTime),
      endTime: String(r.endTime),
      recordType: String(r.recordType),
      recordName: String(r.recordName),
      fileLength: String(r.fileLength),
    }));
  }

  async startPlayback(caller: Caller, req: RangeRequest) {
    const range = this.range(req);
    const camera = await this.watchable(caller.auth, req.channelId, false);
    const data = await this.gw((g) =>
      g.call<{ url: string; token: string }>('POST', GATEWAY.startPlaybackByTime, {
        data: {
          channelId: req.channelId,
          recordSource: '2',
          startTime: String(range.start),
          endTime: String(range.end),
          streamType: String(req.streamType ?? 1),
        },
      }),
    );
    await this.log(caller, camera, 'playback', req);
    return { url: data.url, token: data.token, redirect: defaultRedirect(data.url) };
  }

  /** The generic stream-address call, limited to the browser-playable kinds of STREAM_ADDRESS_CALLS. */
  async streamAddress(caller: Caller, kind: BrowserStreamKind, req: { channelId: string; streamType: 1 | 2; startTime?: string; endTime?: string }) {
    const call = STREAM_ADDRESS_CALLS[kind];
    const isRecord = kind === 'hlsRecord';
    const range = isRecord ? this.range({ startTime: req.startTime ?? '', endTime: req.endTime ?? '' }) : null;
    const camera = await this.watchable(caller.auth, req.channelId, !isRecord);
    const data = await this.gw((g) =>
      g.call<{ url: string }>(call.method, call.path, {
        data: {
          channelId: req.channelId,
          streamType: String(req.streamType),
          type: call.type,
          ...(range ? { beginTime: String(range.start), endTime: String(range.end) } : {}),
        },
      }),
    );
    await this.log(caller, camera, kind, isRecord ? req : undefined);
    return { url: data.url, token: '', redirect: false };
  }

  async startTalk(caller: Caller, channelId: string) {
    const camera = await this.watchable(caller.auth, channelId, true);
    const data = await this.gw((g) => g.call<{ url: string; token: string }>('POST', GATEWAY.startTalk, { data: { channelId, talkType: '1' } }));
    await this.log(caller, camera, 'talk');
    return { url: data.url, token: data.token, redirect: false };
  }

  private range(req: { startTime: string; endTime: string }) {
    const check = checkPlaybackRange(req.startTime, req.endTime);
    if (!check.ok) throw badRequest(check.message);
    return check;
  }

  private async watchable(auth: AuthContext, channelId: string, mustBeOnline: boolean): Promise<VideoTreeNode> {
    const tree = await this.cameraTree();
    const hit = tree.channels.get(channelId);
    if (!hit) throw notFound('摄像头不存在');
    if (!mayWatch(hit.groupPath, await this.grantsOf(auth))) throw forbidden(VIDEO_TEXT.noCameraAccess);
    if (mustBeOnline && hit.node.isOnline !== 1) throw badRequest(VIDEO_TEXT.cameraOffline);
    return hit.node;
  }

  private async grantsOf(auth: AuthContext): Promise<Set<string> | null> {
    return auth.permissions.isSuper ? null : repo.grantedGroupsOf(this.db, auth.userId);
  }

  private async log(caller: Caller, camera: VideoTreeNode, kind: string, range?: { startTime?: string; endTime?: string }) {
    await repo.logView(this.db, {
      userId: caller.auth.userId,
      channelId: camera.id,
      channelName: camera.name,
      kind,
      startTime: range?.startTime ?? null,
      endTime: range?.endTime ?? null,
      clientIp: caller.ip,
    });
  }

  private async cameraTree(): Promise<CameraTree> {
    if (this.tree && Date.now() - this.tree.at < TREE_TTL_MS) return this.tree.value;
    this.loadingTree ??= this.gw((g) => g.call<{ value: GatewayTreeNode[] }>('POST', GATEWAY.tree, { typeCode: '01', checkStat: 1 }))
      .then((data) => {
        const value = buildCameraTree(data.value ?? []);
        this.tree = { at: Date.now(), value };
        return value;
      })
      .finally(() => {
        this.loadingTree = null;
      });
    return this.loadingTree;
  }

  /** Runs a gateway call, turning its failures into messages a person can act on. */
  private async gw<T>(run: (g: DssGateway) => Promise<T>): Promise<T> {
    if (!this.gateway) throw new AppError(503, VIDEO_TEXT.notConfigured);
    try {
      return await run(this.gateway);
    } catch (err) {
      if (!(err instanceof GatewayError)) throw err;
      if (err.kind === 'login') throw new AppError(502, `视频平台登录失败：${err.message}`);
      throw new AppError(502, err.message);
    }
  }
}
