/**
 * The canvas knows no node type: here it draws a made-up approval-like registry (发起人, 审批人,
 * 条件, 路由) and edits the tree only through it: the + offers the registry's entries, a route
 * comes with 条件1/条件2, a card opens its kind's drawer whose 保存 replaces the conf and clears the
 * error flag, the first node has no delete icon.
 */
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import { flagErrors, type FlowNode, type NodeDefinition } from '@park/core';
import { AppProviders } from '../../app/providers.tsx';
import { FlowCanvas, type CanvasRegistry, type NodeDrawerProps } from './index.ts';

const def = (type: number, label: string, branchRule: NodeDefinition['branchRule'], needs: boolean): NodeDefinition => ({
  type,
  label,
  branchRule,
  deletable: type !== 0,
  template: (priority = 1) => ({ nodeName: branchRule === 'branch' ? `条件${priority}` : label, type, priorityLevel: branchRule === 'branch' ? priority : undefined, conf: {}, childNode: null }),
  check: (node) => (needs && !(node.conf as { who?: string }).who ? '请设置审批人' : null),
});

function ApproverDrawer({ node, onSave }: NodeDrawerProps<{ tag: string }>) {
  return <Button onClick={() => onSave({ ...node, conf: { who: '张三' } })}>设为张三</Button>;
}

type T = 0 | 1 | 2 | 3;
const REGISTRY: CanvasRegistry<T, { tag: string }> = {
  0: { definition: def(0, '发起人', 'none', false), color: '#576a95', summary: () => '所有人' },
  1: { definition: def(1, '审批人', 'none', true), color: '#ff943e', summary: (n) => (n.conf as { who?: string }).who ?? '请设置审批人', addEntry: { label: '审批人', order: 1 }, Drawer: ApproverDrawer },
  2: { definition: def(2, '条件', 'branch', false), color: '#15bc83', summary: () => '请设置条件' },
  3: { definition: def(3, '路由', 'branches', false), color: '#15bc83', summary: () => '', addEntry: { label: '条件分支', order: 2 } },
};

function Host({ onTree }: { onTree: (t: FlowNode) => void }) {
  const [tree, setTree] = useState<FlowNode>(() => ({ nodeId: 'start', nodeName: '发起人', type: 0, conf: {}, childNode: null }));
  return (
    <FlowCanvas
      root={tree}
      registry={REGISTRY}
      context={{ tag: 'x' }}
      onChange={(next) => {
        const flagged = flagErrors(next, Object.fromEntries(Object.entries(REGISTRY).map(([k, v]) => [k, v.definition])) as Record<T, NodeDefinition>);
        setTree(flagged);
        onTree(flagged);
      }}
    />
  );
}

describe('FlowCanvas over any registry', () => {
  it('adds, branches and edits through the registry it is given', async () => {
    const user = userEvent.setup();
    let last: FlowNode | null = null;
    render(
      <AppProviders>
        <Host onTree={(t) => (last = t)} />
      </AppProviders>,
    );
    const start = screen.getByRole('group', { name: '发起人' });
    expect(within(start).queryByRole('button', { name: '删除节点' })).toBeNull();

    await user.click(screen.getByRole('button', { name: '添加节点' }));
    expect(screen.getByRole('button', { name: '审批人' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '条件分支' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '审批人' }));
    const approver = await screen.findByRole('group', { name: '审批人' });
    expect(approver.className).toContain('is-error');

    await user.click(approver);
    await user.click(await screen.findByRole('button', { name: '设为张三' }));
    const saved = await screen.findByRole('group', { name: '审批人' });
    expect(saved.textContent).toContain('张三');
    expect(saved.className).not.toContain('is-error');
    expect(last!.childNode).toMatchObject({ type: 1, conf: { who: '张三' }, error: false });

    await user.click(screen.getAllByRole('button', { name: '添加节点' })[0]!);
    await user.click(await screen.findByRole('button', { name: '条件分支' }));
    expect(last!.childNode).toMatchObject({ type: 3, nodeName: '路由' });
    expect(last!.childNode!.conditionNodes!.map((b) => b.nodeName)).toEqual(['条件1', '条件2']);
    expect(last!.childNode!.conditionNodes![0]!.childNode).toMatchObject({ type: 1, conf: { who: '张三' } });
    expect(screen.getByText('优先级2')).toBeTruthy();
  });
});
