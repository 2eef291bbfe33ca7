import type { BrowserFormat, VideoTreeNode } from '@park/core';
import type { GatewayTreeNode } from './gatewayPaths.ts';

/** The gateway's flat node list as a nested tree, plus an index to find a channel and its groups. */
export interface CameraTree {
  roots: VideoTreeNode[];
  channels: Map<string, { node: VideoTreeNode; groupPath: string[] }>;
}

export function buildCameraTree(flat: GatewayTreeNode[]): CameraTree {
  const nodes = new Map<string, VideoTreeNode>();
  for (const n of flat) {
    nodes.set(
      n.id,
      n.nodeType === 'org'
        ? { id: n.id, name: n.name, kind: 'org', children: [] }
        : { id: n.id, name: n.name, kind: 'channel', isOnline: n.isOnline === '1' ? 1 : 0, browserPlayable: n.hls === '1' || n.flv === '1', ...formatOf(n) },
    );
  }
  const parentOf = new Map(flat.map((n) => [n.id, n.pId]));
  const roots: VideoTreeNode[] = [];
  for (const n of flat) {
    const node = nodes.get(n.id)!;
    const parent = nodes.get(n.pId);
    if (parent?.children) parent.children.push(node);
    else roots.push(node);
  }
  const channels = new Map<string, { node: VideoTreeNode; groupPath: string[] }>();
  for (const n of flat) {
    if (n.nodeType !== 'channel') continue;
    const groupPath: string[] = [];
    const seen = new Set<string>();
    for (let p = n.pId; p && nodes.has(p) && !seen.has(p); p = parentOf.get(p) ?? '') {
      seen.add(p);
      groupPath.push(p);
    }
    channels.set(n.id, { node: nodes.get(n.id)!, groupPath });
  }
  return { roots, channels };
}

/**
 * The part of the tree a user may see: a granted group with everything below it, and the groups on
 * the way down to it (without their other children). `null` grants means everything (super role).
 */
export function visibleTree(roots: VideoTreeNode[], granted: ReadonlySet<string> | null): VideoTreeNode[] {
  if (granted === null) return roots;
  const walk = (node: VideoTreeNode): VideoTreeNode | null => {
    if (node.kind === 'channel') return null;
    if (granted.has(node.id)) return node;
    const children = (node.children ?? []).map(walk).filter((c): c is VideoTreeNode => c !== null);
    return children.length > 0 ? { ...node, children } : null;
  };
  return roots.map(walk).filter((c): c is VideoTreeNode => c !== null);
}

export function mayWatch(groupPath: readonly string[], granted: ReadonlySet<string> | null): boolean {
  return granted === null || groupPath.some((g) => granted.has(g));
}

/** The browser format the gateway offers for a channel: HLS when it offers both (it also replays recordings). */
function formatOf(n: GatewayTreeNode): { browserFormat?: BrowserFormat } {
  if (n.hls === '1') return { browserFormat: 'hls' };
  if (n.flv === '1') return { browserFormat: 'flv' };
  return {};
}
