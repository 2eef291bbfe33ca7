import { Tooltip } from 'antd';
import { CloseOutlined, ExclamationCircleFilled, LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { FlowNode } from '@park/core';
import { useCanvas } from './canvasContext.ts';
import { EditableTitle } from './EditableTitle.tsx';

export interface BranchPlace {
  routeId: string;
  index: number;
  count: number;
}

/**
 * One node's card: editable title, delete icon (not on kinds that may not be deleted, e.g. the
 * trigger), the kind's summary, and the error flag with the save check's message. A branch card
 * also shows its priority and arrows that move it left and right.
 */
export function NodeCard({ node, branch }: { node: FlowNode; branch?: BranchPlace }) {
  const canvas = useCanvas();
  const kind = canvas.kindOf(node);
  const problem = node.error ? (kind?.definition.check(node, canvas.checkContext) ?? null) : null;
  const deletable = !canvas.readOnly && (kind?.definition.deletable ?? true);
  const onDelete = () => (branch ? canvas.removeBranch(branch.routeId, node.nodeId) : canvas.remove(node.nodeId));
  const classes = ['flow-node', branch ? 'flow-node-branch' : '', node.error ? 'is-error' : '', canvas.editable(node) ? 'is-editable' : ''];
  return (
    <div
      className={classes.filter(Boolean).join(' ')}
      data-node-id={node.nodeId}
      data-node-type={node.type}
      data-testid="flow-node"
      role="group"
      aria-label={node.nodeName}
      onClick={() => canvas.editable(node) && canvas.open(node.nodeId)}
    >
      {branch && !canvas.readOnly && branch.index > 0 && (
        <button type="button" className="flow-branch-move is-left" aria-label="左移" title="左移" onClick={(e) => (e.stopPropagation(), canvas.moveBranch(branch.routeId, node.nodeId, -1))}>
          <LeftOutlined />
        </button>
      )}
      <div className="flow-node-header" style={branch ? undefined : { background: kind?.color }}>
        <EditableTitle value={node.nodeName} readOnly={canvas.readOnly} onChange={(name) => canvas.rename(node.nodeId, name)} />
        {branch && <span className="flow-node-priority">优先级{node.priorityLevel ?? branch.index + 1}</span>}
        {deletable && (
          <button type="button" className="flow-node-delete" aria-label="删除节点" title="删除" onClick={(e) => (e.stopPropagation(), onDelete())}>
            <CloseOutlined />
          </button>
        )}
      </div>
      <div className="flow-node-body">
        <span className="flow-node-summary">{kind?.summary(node) ?? `未知的节点类型：${node.type}`}</span>
        {problem && (
          <Tooltip title={problem}>
            <ExclamationCircleFilled className="flow-node-error-icon" aria-label={problem} />
          </Tooltip>
        )}
      </div>
      {branch && !canvas.readOnly && branch.index < branch.count - 1 && (
        <button type="button" className="flow-branch-move is-right" aria-label="右移" title="右移" onClick={(e) => (e.stopPropagation(), canvas.moveBranch(branch.routeId, node.nodeId, 1))}>
          <RightOutlined />
        </button>
      )}
    </div>
  );
}
