import type { AdminPageReply, AdminRole, BrowserStreamKind, PlayerInfoReply, RecordSegment, RecordsReply, StreamReply, VideoTreeNode, VideoTreeReply } from '@park/core';
import { get, postJson } from '../../lib/http.ts';

/** The wall's calls (/api/video, docs/api.md "Video"); the gateway's own token stays on the server. */

export const videoKeys = {
  tree: ['video', 'tree'] as const,
  playerInfo: ['video', 'playerInfo'] as const,
};

export type StreamAddress = Omit<StreamReply, 'errCode'>;

export async function fetchCameraTree(): Promise<VideoTreeNode[]> {
  return (await get<VideoTreeReply>('/api/video/tree')).tree;
}

/** Plug-in info; quiet when the platform has no video gateway (the wall says so itself). */
export async function fetchPlayerInfo(): Promise<{ url: string; version: string }> {
  const { url, version } = await get<PlayerInfoReply>('/api/video/playerInfo', undefined, { silent: true });
  return { url, version };
}

export function startVideo(channelId: string, streamType: 1 | 2): Promise<StreamAddress> {
  return postJson<StreamReply>('/api/video/startVideo', { channelId, streamType, dataType: 1 }, { silent: true });
}

export async function queryRecords(channelId: string, startTime: string, endTime: string): Promise<RecordSegment[]> {
  return (await postJson<RecordsReply>('/api/video/queryRecords', { channelId, startTime, endTime })).records;
}

export function startPlayback(channelId: string, startTime: string, endTime: string): Promise<StreamAddress> {
  return postJson<StreamReply>('/api/video/startPlayback', { channelId, startTime, endTime, streamType: 1 });
}

export function streamAddress(
  kind: BrowserStreamKind,
  channelId: string,
  streamType: 1 | 2,
  range?: { startTime: string; endTime: string },
): Promise<StreamAddress> {
  return postJson<StreamReply>('/api/video/streamAddress', { kind, channelId, streamType, ...range }, { silent: true });
}

export function startTalk(channelId: string): Promise<StreamAddress> {
  return postJson<StreamReply>('/api/video/startTalk', { channelId });
}

export async function fetchGroupsOfRole(roleId: string): Promise<string[]> {
  return (await get<{ groupIds: string[] }>('/api/video/groupRoles', { roleId })).groupIds;
}

export function saveGroupsOfRole(roleId: string, groupIds: string[]): Promise<unknown> {
  return postJson('/api/video/groupRoles/save', { roleId, groupIds });
}

/**
 * Roles, for the grants tab. Quiet: a caller without role management gets 403 and the tab is not shown
 * (the server decides, not a hidden menu).
 */
export async function fetchRolesForGrants(): Promise<AdminRole[]> {
  return (await get<AdminPageReply<AdminRole>>('/api/user/listRole', { pageNum: 1, pageSize: 500 }, { silent: true })).datas ?? [];
}
