import { Button } from 'antd';
import type { FlowNode } from '@park/core';
import { AddNodeButton } from './AddNodeButton.tsx';
import { useCanvas } from './canvasContext.ts';
import { NodeCard } from './NodeCard.tsx';

/**
 * A chain from `node` on: each card followed by its + line. A route draws no card of its own:
 * its branches side by side under an 添加条件 button, each branch a card and its own chain;
 * the route's + comes after the branches join again.
 */
export function NodeChain({ node }: { node: FlowNode | null | undefined }) {
  const items: FlowNode[] = [];
  for (let n = node; n; n = n.childNode) items.push(n);
  return (
    <>
      {items.map((n) =>
        n.conditionNodes ? (
          <BranchBox key={n.nodeId} route={n} />
        ) : (
          <div className="flow-node-wrap" key={n.nodeId}>
            <NodeCard node={n} />
            <AddNodeButton afterId={n.nodeId} />
          </div>
        ),
      )}
    </>
  );
}

function BranchBox({ route }: { route: FlowNode }) {
  const canvas = useCanvas();
  const branches = route.conditionNodes ?? [];
  return (
    <div className="flow-branch-wrap" data-node-id={route.nodeId} data-node-type={route.type} data-testid="flow-route">
      <div className="flow-branch-box">
        {!canvas.readOnly && (
          <Button className="flow-branch-add" size="small" onClick={() => canvas.addBranch(route.nodeId)}>
            添加条件
          </Button>
        )}
        {branches.map((b, index) => (
          <div className="flow-branch-col" key={b.nodeId} data-testid="flow-branch">
            {index === 0 && <div className="flow-cover top-left" />}
            {index === 0 && <div className="flow-cover bottom-left" />}
            <div className="flow-branch-node">
              <NodeCard node={b} branch={{ routeId: route.nodeId, index, count: branches.length }} />
              <AddNodeButton afterId={b.nodeId} />
            </div>
            <NodeChain node={b.childNode} />
            {index === branches.length - 1 && <div className="flow-cover top-right" />}
            {index === branches.length - 1 && <div className="flow-cover bottom-right" />}
          </div>
        ))}
      </div>
      <AddNodeButton afterId={route.nodeId} />
    </div>
  );
}
