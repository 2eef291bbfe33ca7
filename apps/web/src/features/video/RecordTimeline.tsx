import { timelineBlocks, type RecordSegment } from '@park/core';
import dayjs from 'dayjs';

const HOURS = [0, 3, 6, 9, 12, 15, 18, 21, 24];

/**
 * A day's recordings on a 24-hour bar. Clicking the bar seeks to that moment (spec 002 §4: the start
 * may be moved by seeking; the plug-in answers with the chosen time).
 */
export function RecordTimeline({ records, dayStart, onSeek }: { records: RecordSegment[]; dayStart: number; onSeek: (seconds: number) => void }) {
  const blocks = timelineBlocks(records, dayStart);
  return (
    <div className="record-timeline-wrap">
      <div
        className="record-timeline"
        data-testid="record-timeline"
        role="slider"
        aria-label="录像时间轴"
        aria-valuemin={dayStart}
        aria-valuemax={dayStart + 86_400}
        aria-valuenow={dayStart}
        tabIndex={0}
        onClick={(e) => {
          const r = e.currentTarget.getBoundingClientRect();
          onSeek(Math.round(dayStart + ((e.clientX - r.left) / r.width) * 86_400));
        }}
      >
        {blocks.map((b) => (
          <div
            key={b.record.recordName}
            className="record-block"
            data-testid="record-block"
            title={`${dayjs.unix(Number(b.record.startTime)).format('HH:mm:ss')} - ${dayjs.unix(Number(b.record.endTime)).format('HH:mm:ss')}`}
            style={{ left: `${b.left * 100}%`, width: `${b.width * 100}%` }}
          />
        ))}
      </div>
      <div className="record-timeline-hours">
        {HOURS.map((h) => (
          <span key={h} style={{ left: `${(h / 24) * 100}%` }}>
            {String(h).padStart(2, '0')}:00
          </span>
        ))}
      </div>
      <div className="record-timeline-summary">{records.length > 0 ? `共 ${records.length} 段录像，点击时间轴定位` : '该时间段没有录像'}</div>
    </div>
  );
}
