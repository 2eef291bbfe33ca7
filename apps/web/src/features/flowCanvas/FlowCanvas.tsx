import { useCallback, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent, type WheelEvent } from 'react';
import { Button, Space, Tooltip } from 'antd';
import { CompressOutlined, MinusOutlined, PlusOutlined } from '@ant-design/icons';
import {
  addBranchTo,
  addNodeAfter,
  checkContextOf,
  findNode,
  moveBranch,
  removeBranch,
  removeNode,
  replaceNode,
  type FlowNode,
  type NodeRegistry,
} from '@park/core';
import { CanvasContext, type CanvasApi } from './canvasContext.ts';
import { NodeChain } from './NodeChain.tsx';
import type { CanvasNodeKind, FlowCanvasProps } from './types.ts';
import './flowCanvas.css';

export const ZOOM_MIN = 0.5;
export const ZOOM_MAX = 2;
const ZOOM_STEP = 0.1;
const clampZoom = (z: number) => Math.round(Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, z)) * 10) / 10;

/** The flow canvas (spec 001 §2.1, DESIGN.md §10): see index.ts for how to use it. */
export function FlowCanvas<T extends number, Ctx>({ root, onChange, registry, context, checkContext, readOnly = false, toolbarExtra, className }: FlowCanvasProps<T, Ctx>) {
  const [editing, setEditing] = useState<string | null>(null);
  const [zoom, setZoom] = useState(1);
  const viewport = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; left: number; top: number } | null>(null);

  const definitions = useMemo(
    () => Object.fromEntries(Object.entries(registry).map(([t, k]) => [t, (k as CanvasNodeKind<Ctx>).definition])) as NodeRegistry<T>,
    [registry],
  );
  const edit = useCallback((fn: (r: FlowNode) => FlowNode) => onChange(fn(root)), [onChange, root]);

  const api = useMemo<CanvasApi>(() => {
    const kinds = registry as Record<number, CanvasNodeKind<Ctx>>;
    const addable = Object.entries(kinds)
      .filter(([, k]) => k.addEntry)
      .sort(([, a], [, b]) => a.addEntry!.order - b.addEntry!.order)
      .map(([t, kind]) => ({ type: Number(t), kind }));
    return {
      kindOf: (node) => kinds[node.type],
      editable: (node) => Boolean(kinds[node.type]?.Drawer),
      addable,
      readOnly,
      checkContext: checkContext ?? checkContextOf(root),
      open: setEditing,
      rename: (nodeId, name) => edit((r) => replaceNode(r, nodeId, { nodeName: name })),
      remove: (nodeId) => edit((r) => removeNode(r, nodeId)),
      add: (afterId, type) => edit((r) => addNodeAfter(r, afterId, definitions, type as T)),
      addBranch: (routeId) => edit((r) => addBranchTo(r, routeId, definitions)),
      removeBranch: (routeId, branchId) => edit((r) => removeBranch(r, routeId, branchId)),
      moveBranch: (routeId, branchId, delta) => edit((r) => moveBranch(r, routeId, branchId, delta)),
    };
  }, [registry, readOnly, checkContext, root, edit, definitions]);

  const editingNode = editing ? findNode(root, editing) : undefined;
  const EditingDrawer = editingNode ? (registry as Record<number, CanvasNodeKind<Ctx>>)[editingNode.type]?.Drawer : undefined;

  // Pan: drag the empty canvas (not a card or a button) to scroll a long flow.
  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    if (e.button !== 0 || target.closest('.flow-node, button, input, .ant-popover') || !viewport.current) return;
    drag.current = { x: e.clientX, y: e.clientY, left: viewport.current.scrollLeft, top: viewport.current.scrollTop };
    viewport.current.setPointerCapture(e.pointerId);
    viewport.current.classList.add('is-panning');
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || !viewport.current) return;
    viewport.current.scrollLeft = d.left - (e.clientX - d.x);
    viewport.current.scrollTop = d.top - (e.clientY - d.y);
  };
  const endPan = () => {
    drag.current = null;
    viewport.current?.classList.remove('is-panning');
  };
  // Ctrl (or ⌘) + wheel zooms, as in most drawing tools; the plain wheel scrolls.
  const onWheel = (e: WheelEvent<HTMLDivElement>) => {
    if (!e.ctrlKey && !e.metaKey) return;
    e.preventDefault();
    setZoom((z) => clampZoom(z + (e.deltaY < 0 ? ZOOM_STEP : -ZOOM_STEP)));
  };

  return (
    <CanvasContext.Provider value={api}>
      <div className={['flow-canvas', className].filter(Boolean).join(' ')} data-testid="flow-canvas">
        <div className="flow-canvas-toolbar">
          <Space size={4}>
            {toolbarExtra}
            <Tooltip title="缩小">
              <Button size="small" icon={<MinusOutlined />} aria-label="缩小" disabled={zoom <= ZOOM_MIN} onClick={() => setZoom((z) => clampZoom(z - ZOOM_STEP))} />
            </Tooltip>
            <span className="flow-canvas-zoom" data-testid="flow-zoom">
              {Math.round(zoom * 100)}%
            </span>
            <Tooltip title="放大">
              <Button size="small" icon={<PlusOutlined />} aria-label="放大" disabled={zoom >= ZOOM_MAX} onClick={() => setZoom((z) => clampZoom(z + ZOOM_STEP))} />
            </Tooltip>
            <Tooltip title="还原">
              <Button size="small" icon={<CompressOutlined />} aria-label="还原" onClick={() => setZoom(1)} />
            </Tooltip>
          </Space>
        </div>
        <div
          ref={viewport}
          className="flow-canvas-viewport"
          data-testid="flow-viewport"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endPan}
          onPointerCancel={endPan}
          onWheel={onWheel}
        >
          <div className="flow-canvas-stage" style={{ zoom }}>
            <div className="flow-chain">
              <NodeChain node={root} />
              <div className="flow-end">
                <div className="flow-end-dot" />
                <span>流程结束</span>
              </div>
            </div>
          </div>
        </div>
        {editingNode && EditingDrawer && (
          <EditingDrawer
            key={editingNode.nodeId}
            node={editingNode}
            root={root}
            context={context}
            onClose={() => setEditing(null)}
            onSave={(saved) => {
              const id = editingNode.nodeId;
              setEditing(null);
              edit((r) => replaceNode(r, id, { ...saved, error: false }));
            }}
          />
        )}
      </div>
    </CanvasContext.Provider>
  );
}
