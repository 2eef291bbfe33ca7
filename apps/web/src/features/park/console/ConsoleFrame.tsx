import type { ReactNode } from 'react';
import { Card, Statistic } from 'antd';
import { DarkScreen } from '../../../lib/DarkScreen.tsx';
import './console.css';

/** A console screen (a 大屏, so drawn dark): its title, the last refresh, and its panels below. */
export function ConsoleScreen({ title, extra, children, testId }: { title: string; extra?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <DarkScreen className="park-console" testId={testId}>
      <div className="park-console-head">
        <h2>{title}</h2>
        <div className="park-console-extra">{extra}</div>
      </div>
      {children}
    </DarkScreen>
  );
}

export function Panel({ title, extra, children, className }: { title: string; extra?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <Card size="small" title={title} extra={extra} className={['park-panel', className].filter(Boolean).join(' ')} variant="borderless">
      {children}
    </Card>
  );
}

/** A headline number, labelled for people and for tests (data-testid = its key). */
export function Figure({ label, value, suffix, color, testId }: { label: string; value: number | undefined; suffix?: string; color?: string; testId: string }) {
  return (
    <Card size="small" className="park-figure" variant="borderless">
      <Statistic title={label} value={value ?? '-'} suffix={suffix} styles={{ content: { color } }} data-testid={testId} />
    </Card>
  );
}
