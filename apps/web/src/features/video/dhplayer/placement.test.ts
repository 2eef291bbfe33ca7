import { describe, expect, it } from 'vitest';
import { placementOf, samePlacement } from './placement.ts';

const view = { width: 1000, height: 800 };

describe('plug-in window placement', () => {
  it('shows the window while it is on screen and the tab is visible', () => {
    expect(placementOf({ left: 10, top: 20, width: 300, height: 200 }, view, false, []).visible).toBe(true);
    expect(placementOf({ left: 10, top: 20, width: 300, height: 200 }, view, true, []).visible).toBe(false);
    expect(placementOf({ left: 10, top: -400, width: 300, height: 200 }, view, false, []).visible).toBe(false);
    expect(placementOf({ left: 10, top: 20, width: 0, height: 200 }, view, false, []).visible).toBe(false);
  });
  it('shields the parts covered by overlays, relative to the window', () => {
    const p = placementOf({ left: 100, top: 100, width: 400, height: 300 }, view, false, [
      { left: 300, top: 50, width: 400, height: 100 },
      { left: 0, top: 700, width: 50, height: 50 },
    ]);
    expect(p.shields).toEqual([{ left: 200, top: 0, width: 200, height: 50 }]);
  });
  it('tells what changed', () => {
    const a = placementOf({ left: 1, top: 1, width: 10, height: 10 }, view, false, []);
    const b = placementOf({ left: 2, top: 1, width: 10, height: 10 }, view, false, []);
    expect(samePlacement(a, b)).toEqual({ rect: false, visible: true, shields: true });
    expect(samePlacement(null, b).visible).toBe(false);
  });
});
