import type { ComponentType } from 'react';
import type { ReportWidget, WidgetKind } from '@park/core';

export interface WidgetRenderProps {
  widget: ReportWidget;
  kind: WidgetKind;
}

export interface WidgetConfigProps {
  widget: ReportWidget;
  kind: WidgetKind;
  /** A changed widget; edits with the same tag in quick succession are one undo step. */
  onChange(next: ReportWidget, tag?: string): void;
  /** Every widget of the report (tabs included), for fresh ids. */
  allWidgets?: readonly ReportWidget[];
}

/** What each widget kind brings to the designer and the viewer: its renderer and its config panel. */
export interface WidgetUi {
  Renderer: ComponentType<WidgetRenderProps>;
  Config: ComponentType<WidgetConfigProps>;
}
