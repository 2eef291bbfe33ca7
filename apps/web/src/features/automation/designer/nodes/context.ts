/** What the automation designer hands every node drawer through the canvas. */
export interface DesignerContext {
  /** The saved flow's id; null while the flow has never been saved (the trigger drawer's 保存 vs 退出). */
  flowId: number | null;
}
