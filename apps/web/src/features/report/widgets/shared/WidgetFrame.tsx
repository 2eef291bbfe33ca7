import type { ReactNode } from 'react';
import { Breadcrumb, Spin } from 'antd';
import { SuperCondBar } from './SuperCondBar.tsx';
import { freshnessNote, type DrillStep, type Freshness, type ReportWidget } from '@park/core';

const px = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

/**
 * The box every widget sits in: border colour, padding, background, title and its tools, and the
 * freshness note when its data (`fresh`, the widget's reply) came from the server's result cache.
 */
export function WidgetFrame({ widget, tools, children, loading = false, fresh }: { widget: ReportWidget; tools?: ReactNode; children: ReactNode; loading?: boolean; fresh?: Freshness | null }) {
  const style = widget.style ?? {};
  const title = style.mainTitleVisiable === false ? '' : String(style.mainTitle ?? widget.name ?? '');
  const note = freshnessNote(fresh);
  return (
    <div
      className="rw-frame"
      data-widget-id={widget.id}
      style={{
        borderColor: String(widget.borderColor ?? '#EBEAEF'),
        background: typeof style.backgroundColor === 'string' && style.backgroundColor ? style.backgroundColor : undefined,
        padding: `${px(widget.paddingTop, 25) > 5 && title ? 5 : px(widget.paddingTop, 5)}px ${px(widget.paddingRight, 5)}px ${px(widget.paddingBottom, 5)}px ${px(widget.paddingLeft, 5)}px`,
      }}
    >
      {(title || tools || note) && (
        <div className="rw-head">
          <span className="rw-title" style={{ color: typeof style.mainTitleColor === 'string' ? style.mainTitleColor : undefined }}>
            {title}
          </span>
          {note && (
            <span className="rw-fresh" data-testid="freshness-note">
              {note}
            </span>
          )}
          <span className="rw-tools">{tools}</span>
        </div>
      )}
      <div className="rw-body">
        <SuperCondBar widget={widget} />
        {children}
        {loading && <Spin size="small" className="rw-spin" />}
      </div>
    </div>
  );
}

/** Where a widget says why it shows nothing: not yet legal, or the server's error. */
export function WidgetNote({ text, kind = 'info' }: { text: string; kind?: 'info' | 'error' }) {
  return <div className={`rw-note rw-note-${kind}`}>{text}</div>;
}

/** The drill path (全部 › 合肥市 › …); a click on a level goes back to it. */
export function DrillNavigation({ path, onBack }: { path: readonly DrillStep[]; onBack(level: number): void }) {
  if (path.length === 0) return null;
  const items = [{ title: <a onClick={() => onBack(0)}>全部</a> }, ...path.map((s, i) => ({ title: i === path.length - 1 ? <span>{s.label}</span> : <a onClick={() => onBack(i + 1)}>{s.label}</a> }))];
  return <Breadcrumb className="rw-drill" items={items} aria-label="钻取路径" />;
}
