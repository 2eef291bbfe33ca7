import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { DrillStep, Linkage, ReportWidget } from '@park/core';

/**
 * The state a report page shares between its widgets (spec 002 §4): the filters widgets put on
 * each other (a clicked value, the query widget's conditions), each widget's drill path, and where
 * the data comes from (design: the widget as edited; view: the published report by ids).
 */
export interface ReportRuntime {
  mode: 'design' | 'view';
  reportId: number | null;
  /** 大屏: the dark full-screen page; charts draw light text on it. */
  screen: boolean;
  widgets: readonly ReportWidget[];
  linkages: readonly Linkage[];
  setLinkage(source: number, linkage: Linkage | null): void;
  drillPath(widgetId: number): readonly DrillStep[];
  setDrillPath(widgetId: number, path: DrillStep[]): void;
  /** The 高级条件 chips a reader chose on a widget (null: untouched, its defaults apply). */
  superChosen(widgetId: number): readonly number[] | null;
  setSuperChosen(widgetId: number, chosen: number[]): void;
  /**
   * 重置: every filter a reader put on the page — a query widget's conditions, a clicked slice or
   * bar, a drill path — is lifted, back to the page as it opened (issue 42).
   */
  resetFilters(): void;
}

const Ctx = createContext<ReportRuntime | null>(null);
/** One empty path for every undrilled widget: a new [] each render would redraw its chart, losing a click between mousedown and mouseup. */
const TOP: readonly DrillStep[] = [];
/** The same for a page opened without filters, so 重置's callback keeps its identity. */
const NO_LINKAGES: Linkage[] = [];

export function ReportRuntimeProvider({
  mode,
  reportId,
  widgets,
  initial = NO_LINKAGES,
  screen = false,
  children,
}: {
  mode: 'design' | 'view';
  reportId: number | null;
  widgets: readonly ReportWidget[];
  initial?: Linkage[];
  screen?: boolean;
  children: ReactNode;
}) {
  const [linkages, setLinkages] = useState<Linkage[]>(initial);
  const [paths, setPaths] = useState<Record<number, DrillStep[]>>({});
  const setLinkage = useCallback((source: number, linkage: Linkage | null) => {
    setLinkages((prev) => [...prev.filter((l) => l.source !== source), ...(linkage ? [linkage] : [])]);
  }, []);
  const setDrillPath = useCallback((id: number, path: DrillStep[]) => setPaths((p) => ({ ...p, [id]: path })), []);
  const [supers, setSupers] = useState<Record<number, number[]>>({});
  const setSuperChosen = useCallback((id: number, chosen: number[]) => setSupers((p) => ({ ...p, [id]: chosen })), []);
  const resetFilters = useCallback(() => {
    setLinkages(initial);
    setPaths({});
  }, [initial]);
  const value = useMemo<ReportRuntime>(
    () => ({ mode, reportId, screen, widgets, linkages, setLinkage, drillPath: (id) => paths[id] ?? TOP, setDrillPath, superChosen: (id) => supers[id] ?? null, setSuperChosen, resetFilters }),
    [mode, reportId, screen, widgets, linkages, setLinkage, paths, setDrillPath, supers, setSuperChosen, resetFilters],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useRuntime(): ReportRuntime {
  const r = useContext(Ctx);
  if (!r) throw new Error('ReportRuntimeProvider missing');
  return r;
}
