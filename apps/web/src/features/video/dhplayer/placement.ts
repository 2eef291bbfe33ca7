/* Where the plug-in's native window must sit, and whether it may show: pure, so tested without a browser. */

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface Placement {
  rect: Box;
  /** False when the tab is hidden or the wall is scrolled (or sized) out of the viewport. */
  visible: boolean;
  /** Parts of the window covered by page overlays (dialogs, dropdowns), relative to the window. */
  shields: Box[];
}

const round = (b: Box): Box => ({ left: Math.round(b.left), top: Math.round(b.top), width: Math.round(b.width), height: Math.round(b.height) });

export function intersection(a: Box, b: Box): Box | null {
  const left = Math.max(a.left, b.left);
  const top = Math.max(a.top, b.top);
  const right = Math.min(a.left + a.width, b.left + b.width);
  const bottom = Math.min(a.top + a.height, b.top + b.height);
  return right > left && bottom > top ? { left, top, width: right - left, height: bottom - top } : null;
}

export function placementOf(el: Box, viewport: { width: number; height: number }, pageHidden: boolean, overlays: Box[]): Placement {
  const onScreen = intersection(el, { left: 0, top: 0, ...viewport }) !== null;
  const shields = overlays
    .map((o) => intersection(el, o))
    .filter((o): o is Box => o !== null)
    .map((o) => round({ ...o, left: o.left - el.left, top: o.top - el.top }));
  return { rect: round(el), visible: !pageHidden && onScreen && el.width > 0 && el.height > 0, shields };
}

export function samePlacement(a: Placement | null, b: Placement): { rect: boolean; visible: boolean; shields: boolean } {
  return {
    rect: a !== null && JSON.stringify(a.rect) === JSON.stringify(b.rect),
    visible: a !== null && a.visible === b.visible,
    shields: a !== null && JSON.stringify(a.shields) === JSON.stringify(b.shields),
  };
}
