/**
 * The flow canvas shared by the automation designer (spec 001 §2.1) and the approval designer
 * (spec 002, DESIGN.md §10). It draws any node tree of `@park/core`'s flow model from a registry
 * and edits it through core's tree operations; it knows no node type itself.
 *
 * Usage:
 *
 *   const REGISTRY: CanvasRegistry<AutomationNodeType, MyCtx> = {
 *     0: triggerKind, 1: actionKind, 2: conditionKind, 3: routeKind,   // exhaustive over the core registry's types
 *   };
 *   <FlowCanvas root={tree} onChange={setTree} registry={REGISTRY} context={{ flowId }} toolbarExtra={<Button>试运行</Button>} />
 *
 * A kind (CanvasNodeKind, types.ts) is one folder per node type (e.g. features/automation/designer/nodes/action/):
 *   - definition: the core NodeDefinition (AUTOMATION_NODES[1], APPROVAL_NODES[...]): template, save check, branchRule, deletable;
 *   - color, summary(node): the card's header colour and body text (a branch: 已设置条件 / 请设置条件);
 *   - addEntry {label, icon, order}: offered by the + between nodes. A kind with branchRule 'branches'
 *     is added as a route with two branches of the registry's 'branch' kind (条件1, 条件2);
 *   - Drawer: opened by a click on the card, gets NodeDrawerProps {node, root, context, onSave, onClose};
 *     onSave(node) replaces the node's title/conf in place and clears its error flag. Use NodeDrawer
 *     (the right-side drawer that asks 关闭窗口数据将不会保存，是否关闭？ before closing).
 *
 * The caller owns the tree: load it, flag errors once for display (core flagErrors), keep it in state,
 * pass onChange. Cards show node.error (with the check's message in a tooltip). Branches move left or
 * right (priorities renumbered from 1); deleting a branch down to one collapses the route into the
 * chain. Zoom: toolbar buttons or Ctrl+wheel (50%–200%); pan: drag the empty canvas.
 */
export { FlowCanvas, ZOOM_MAX, ZOOM_MIN } from './FlowCanvas.tsx';
export { NodeDrawer, CLOSE_UNSAVED } from './NodeDrawer.tsx';
export type { CanvasNodeKind, CanvasRegistry, FlowCanvasProps, NodeDrawerProps } from './types.ts';
