import { useMemo } from 'react';
import { Tag, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import type { VideoTreeNode } from '@park/core';
import type { WallCamera } from './wallTypes.ts';

/** Every camera of the tree by channel id. */
export function camerasOf(tree: VideoTreeNode[]): Map<string, WallCamera & { isOnline: boolean }> {
  const out = new Map<string, WallCamera & { isOnline: boolean }>();
  const walk = (n: VideoTreeNode) => {
    if (n.kind === 'channel') out.set(n.id, { channelId: n.id, name: n.name, browserFormat: n.browserFormat ?? null, isOnline: n.isOnline === 1 });
    n.children?.forEach(walk);
  };
  tree.forEach(walk);
  return out;
}

function toData(n: VideoTreeNode, checkable: boolean): DataNode {
  if (n.kind === 'org') return { key: n.id, title: n.name, selectable: false, children: (n.children ?? []).map((c) => toData(c, checkable)) };
  return {
    key: n.id,
    isLeaf: true,
    disableCheckbox: n.isOnline !== 1,
    title: (
      <span className="video-tree-camera" data-channel={n.id}>
        {n.name}
        {n.isOnline !== 1 && <Tag className="video-tree-tag">离线</Tag>}
        {n.browserPlayable && <Tag className="video-tree-tag" color="blue">浏览器可播</Tag>}
      </span>
    ),
  };
}

/**
 * The camera tree by organisation. Live view checks several cameras (offline ones cannot be checked);
 * playback selects one.
 */
export function CameraTree(props: {
  tree: VideoTreeNode[];
  mode: 'check' | 'select';
  checked: string[];
  onCheck: (channelIds: string[]) => void;
  selected: string | null;
  onSelect: (channelId: string) => void;
}) {
  const { tree, mode, checked, onCheck, selected, onSelect } = props;
  const data = useMemo(() => tree.map((n) => toData(n, mode === 'check')), [tree, mode]);
  const cameras = useMemo(() => camerasOf(tree), [tree]);
  return (
    <Tree
      className="video-tree"
      treeData={data}
      defaultExpandAll
      blockNode
      checkable={mode === 'check'}
      checkedKeys={checked}
      onCheck={(keys) => {
        const list = Array.isArray(keys) ? keys : keys.checked;
        onCheck(list.map(String).filter((k) => cameras.get(k)?.isOnline));
      }}
      selectedKeys={mode === 'select' && selected ? [selected] : []}
      onSelect={(keys) => {
        const k = keys[0];
        if (k !== undefined && cameras.has(String(k))) onSelect(String(k));
      }}
    />
  );
}
