/**
 * The DOM that antd expects from a browser, on top of jsdom (vitest project `web-dom`). Only
 * what jsdom lacks is filled in, with the smallest behaviour antd and our widgets rely on; the
 * components themselves run unchanged.
 */
import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { stubHttp } from './http.ts';

// antd's responsive observers (Grid, Space wrap) ask for media queries.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// Tables, selects, sliders and virtual lists measure themselves through ResizeObserver.
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.assign(window, { ResizeObserver: ResizeObserverStub });
  Object.assign(globalThis, { ResizeObserver: ResizeObserverStub });
}

// jsdom does not implement pseudo-element styles and says so on the console; antd asks for
// '::before' to measure scroll bars. The element's own style is a fine answer.
const computed = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computed(element);

// Scrolling is "not implemented" in jsdom; pickers and tables scroll the active item into view.
window.scrollTo = () => undefined;
Element.prototype.scrollTo = function scrollTo() {};
Element.prototype.scrollIntoView = function scrollIntoView() {};

// No canvas backend: a 2D context whose drawing calls do nothing, so the signature pad (and the
// map's coordinate grid) run their own logic; toBlob answers with an empty png.
const noop = () => undefined;
const context2d = new Proxy(
  {},
  {
    get: (_target, key) => {
      if (key === 'canvas') return undefined;
      if (key === 'getImageData' || key === 'createImageData')
        return () => ({ data: new Uint8ClampedArray(4), width: 1, height: 1 });
      if (key === 'measureText') return () => ({ width: 0 });
      return noop;
    },
    set: () => true,
  },
);
HTMLCanvasElement.prototype.getContext = function getContext() {
  return context2d as unknown as CanvasRenderingContext2D;
} as unknown as typeof HTMLCanvasElement.prototype.getContext;
HTMLCanvasElement.prototype.toBlob = function toBlob(callback: BlobCallback, type?: string) {
  setTimeout(() => callback(new Blob([new Uint8Array([137, 80, 78, 71])], { type: type ?? 'image/png' })), 0);
};
HTMLCanvasElement.prototype.toDataURL = () => 'data:image/png;base64,';

// No test reaches a network: a call without a stubbed route answers 404 (see http.ts).
beforeEach(() => {
  stubHttp({});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
