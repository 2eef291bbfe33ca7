import { useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Modal, Spin, Tree } from 'antd';
import type { CodeTreeNode } from '@park/core';
import { treeChildren, type TreeKind } from './api.ts';

/** What the dialog returns: the chosen node's code, its own name and the names from the root down. */
export interface CodeTreeChoice {
  code: string;
  name: string;
  path: string[];
}

interface Node {
  key: string;
  title: string;
  isLeaf: boolean;
  children?: Node[];
}

function toNodes(list: CodeTreeNode[]): Node[] {
  return list.map((c) => ({ key: c.code, title: c.name, isLeaf: c.isLeaf }));
}

function withChildren(nodes: Node[], key: string, children: Node[]): Node[] {
  return nodes.map((n) =>
    n.key === key ? { ...n, children, isLeaf: children.length === 0 } : n.children ? { ...n, children: withChildren(n.children, key, children) } : n,
  );
}

function pathTo(nodes: Node[], key: string, above: string[] = []): string[] | null {
  for (const n of nodes) {
    if (n.key === key) return [...above, n.title];
    if (n.children) {
      const found = pathTo(n.children, key, [...above, n.title]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * A tree dialog over the public code trees (spec 000 §2): 行政区划 and 监管类型, one level loaded
 * per expansion. Clicking a name selects it and opens its level; 确定 returns the choice.
 * Built here because the form runtime's region control is a cascader, not a dialog.
 */
export function CodeTreeDialog({
  kind,
  title,
  initialCode,
  onCancel,
  onOk,
}: {
  kind: TreeKind;
  title: string;
  initialCode?: string | null;
  onCancel(): void;
  onOk(choice: CodeTreeChoice): void;
}) {
  const { message } = App.useApp();
  const [nodes, setNodes] = useState<Node[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [selected, setSelected] = useState<string | null>(initialCode ?? null);
  const nodesRef = useRef<Node[]>([]);
  const loading = useRef(new Set<string>());

  useEffect(() => {
    nodesRef.current = nodes ?? [];
  }, [nodes]);

  useEffect(() => {
    const controller = new AbortController();
    treeChildren(kind, '', controller.signal)
      .then((list) => setNodes(toNodes(list)))
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [kind]);

  const load = async (key: string) => {
    if (loading.current.has(key)) return;
    loading.current.add(key);
    try {
      const children = toNodes(await treeChildren(kind, key));
      setNodes((prev) => withChildren(prev ?? [], key, children));
    } finally {
      loading.current.delete(key);
    }
  };

  const confirm = () => {
    const path = selected ? pathTo(nodesRef.current, selected) : null;
    if (!selected || !path) {
      void message.warning(`请选择${title}`);
      return;
    }
    onOk({ code: selected, name: path[path.length - 1]!, path });
  };

  return (
    <Modal
      open
      title={title}
      width={520}
      onCancel={onCancel}
      maskClosable={false}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onCancel}>
          取消
        </Button>,
        <Button key="ok" type="primary" onClick={confirm}>
          确定
        </Button>,
      ]}
    >
      {failed && <Alert type="error" showIcon title={`${title}加载失败，请稍后重试`} />}
      {!failed && nodes === null && (
        <div className="code-tree-loading">
          <Spin />
        </div>
      )}
      {nodes !== null && (
        <div className="code-tree-wrap" data-testid={`code-tree-${kind}`}>
          <Tree
            blockNode
            treeData={nodes}
            expandedKeys={expanded}
            selectedKeys={selected ? [selected] : []}
            onExpand={(keys) => setExpanded(keys.map(String))}
            loadData={(node) => load(String(node.key))}
            onSelect={(_keys, info) => {
              const key = String(info.node.key);
              setSelected(key);
              // A click on a name also opens its level, so a person never has to aim at the arrow.
              if (!info.node.isLeaf && !expanded.includes(key)) {
                if (!(info.node as Node).children) void load(key);
                setExpanded((prev) => [...prev, key]);
              }
            }}
          />
        </div>
      )}
      {selected && nodes && pathTo(nodes, selected) && (
        <div className="code-tree-choice">已选择：{pathTo(nodes, selected)!.join(' / ')}</div>
      )}
    </Modal>
  );
}
