import { createContext, useContext, type ReactNode } from 'react';
import type { ReportWidget } from '@park/core';

/**
 * How a widget renders other widgets (the tab page's contents) and, in the designer, selects one:
 * handed down by the page, so the tab page does not import the registry that imports it.
 */
export interface Surface {
  render(widget: ReportWidget): ReactNode;
  select?(id: number): void;
}

const Ctx = createContext<Surface>({ render: () => null });
export const SurfaceProvider = Ctx.Provider;
export const useSurface = () => useContext(Ctx);
