import { PLUGIN_REPOSITION_EVERY_FRAMES } from '@park/core';
import type { DhPlayerClient } from './DhPlayerClient.ts';
import { placementOf, samePlacement, type Box, type Placement } from './placement.ts';

/* Page overlays the native window must not cover: dialogs, dropdowns, pickers, popovers, messages. */
const OVERLAYS =
  '.ant-modal-wrap:not([style*="display: none"]) .ant-modal, .ant-select-dropdown:not(.ant-select-dropdown-hidden), ' +
  '.ant-picker-dropdown:not(.ant-picker-dropdown-hidden), .ant-dropdown:not(.ant-dropdown-hidden), ' +
  '.ant-popover:not(.ant-popover-hidden), .ant-message-notice, .ant-notification-notice, .ant-drawer-content-wrapper';

/**
 * Keeps the plug-in's native window over its element: every 5th animation frame it measures the
 * element, the tab's visibility and the overlays on top, and sends window.change, window.show and
 * window.shield for whatever changed (all three again after `reset`, e.g. on a new session).
 */
export class WindowTracker {
  private frame = 0;
  private raf = 0;
  private last: Placement | null = null;

  constructor(
    private readonly el: HTMLElement,
    private readonly client: DhPlayerClient,
  ) {}

  start(): void {
    window.addEventListener('focus', this.onFocus);
    window.addEventListener('blur', this.onBlur);
    document.addEventListener('visibilitychange', this.onVisibility);
    const tick = () => {
      this.frame = (this.frame + 1) % PLUGIN_REPOSITION_EVERY_FRAMES;
      if (this.frame === 0) this.measure();
      this.raf = requestAnimationFrame(tick);
    };
    this.raf = requestAnimationFrame(tick);
  }

  stop(): void {
    cancelAnimationFrame(this.raf);
    window.removeEventListener('focus', this.onFocus);
    window.removeEventListener('blur', this.onBlur);
    document.removeEventListener('visibilitychange', this.onVisibility);
  }

  /* A hidden tab gets no animation frames, so the hide cannot wait for the next 5th frame. */
  private readonly onVisibility = () => this.measure();

  /* The native window sits above every other window of the desktop; it steps back while the browser
     is not the focused application, so it does not cover other programs. */
  private readonly onFocus = () => this.focus(true);
  private readonly onBlur = () => this.focus(false);
  private focus(focused: boolean): void {
    if (this.client.state === 'success' && this.client.session) {
      void this.client.request('browserFocusBlur', { focus: focused }).catch(() => undefined);
    }
  }

  reset(): void {
    this.last = null;
  }

  /** The element's box now, as window.create wants it. */
  rect(): Box {
    return placementOf(this.box(), viewport(), document.hidden, []).rect;
  }

  private box(): Box {
    const r = this.el.getBoundingClientRect();
    return { left: r.left, top: r.top, width: r.width, height: r.height };
  }

  private measure(): void {
    if (this.client.state !== 'success' || !this.client.session) return;
    const overlays = [...document.querySelectorAll<HTMLElement>(OVERLAYS)].map((o) => {
      const r = o.getBoundingClientRect();
      return { left: r.left, top: r.top, width: r.width, height: r.height };
    });
    const now = placementOf(this.box(), viewport(), document.hidden, overlays);
    const same = samePlacement(this.last, now);
    this.last = now;
    const quiet = () => undefined;
    if (!same.rect) void this.client.request('window.change', { rect: now.rect, browserOffset: browserOffset() }).catch(quiet);
    if (!same.visible) void this.client.request('window.show', { show: now.visible }).catch(quiet);
    if (!same.shields) void this.client.request('window.shield', { shields: now.shields }).catch(quiet);
  }
}

const viewport = () => ({ width: window.innerWidth, height: window.innerHeight });

/** Where the page's viewport starts on the screen: the native window is placed in screen pixels. */
export function browserOffset(): { x: number; y: number } {
  return { x: window.screenX + (window.outerWidth - window.innerWidth) / 2, y: window.screenY + (window.outerHeight - window.innerHeight) };
}
