import { useEffect, useRef, useState } from 'react';
import { App } from 'antd';
import type { ReportWidget } from '@park/core';
import { errorMessage } from '../../../../lib/http.ts';
import { exportState, startTableExport, type QueryBody } from '../../reportApi.ts';
import { useRuntime } from '../../viewer/runtime.tsx';

export const EXPORT_POLL_MS = 1000;

/** 导出Excel: start the export of every row shown, poll every second (spec 002 §4), then download. */
export function useTableExport(widget: ReportWidget, body: QueryBody) {
  const { message } = App.useApp();
  const rt = useRuntime();
  const [running, setRunning] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const start = async () => {
    if (rt.reportId === null) return;
    setRunning(true);
    try {
      const { exportCode } = await startTableExport({ reportId: rt.reportId, widgetId: widget.id, queryConditions: body.queryConditions, superConditions: body.superConditions, drillingConditions: body.drillingConditions });
      const poll = async () => {
        try {
          const s = (await exportState(exportCode)).exportTableReportState as { state: string; reason?: string | null; fileId?: number | null };
          if (s.state === 'failed') {
            setRunning(false);
            void message.error(s.reason || 'Excel导出失败');
          } else if (s.state === 'success') {
            setRunning(false);
            void message.success('Excel导出成功');
            if (s.fileId) window.location.assign(`/api/file/download/${s.fileId}`);
          } else timer.current = window.setTimeout(() => void poll(), EXPORT_POLL_MS);
        } catch (err) {
          setRunning(false);
          void message.error(errorMessage(err, 'Excel导出失败'));
        }
      };
      await poll();
    } catch {
      setRunning(false);
    }
  };
  return { running, start: () => void start() };
}
