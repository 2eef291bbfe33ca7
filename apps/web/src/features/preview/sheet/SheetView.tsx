import { useEffect, useState } from 'react';
import { Empty, Result, Spin, Tabs, Tag } from 'antd';
import { fetchFileBytes } from '../api.ts';
import type { SheetWorkerReply, WorkbookModel } from './model.ts';
import { SheetGrid } from './SheetGrid.tsx';

type State =
  | { phase: 'loading' }
  | { phase: 'shown'; model: WorkbookModel; partialRows: number | null }
  | { phase: 'error'; message: string };

/** An xlsx workbook: one tab per sheet, parsed by exceljs in a worker (see sheetWorker.ts). */
export function SheetView({ url }: { url: string }) {
  const [state, setState] = useState<State>({ phase: 'loading' });
  const [active, setActive] = useState('0');

  useEffect(() => {
    const controller = new AbortController();
    const worker = new Worker(new URL('./sheetWorker.ts', import.meta.url), { type: 'module', name: 'sheet-preview' });
    worker.onmessage = (event: MessageEvent<SheetWorkerReply>) => {
      const reply = event.data;
      if (reply.kind === 'partial') setState({ phase: 'shown', model: reply.model, partialRows: reply.rows });
      else if (reply.kind === 'full') {
        setState({ phase: 'shown', model: reply.model, partialRows: null });
        worker.terminate();
      } else {
        setState({ phase: 'error', message: '表格解析失败，文件可能已损坏或格式不受支持' });
        worker.terminate();
      }
    };
    worker.onerror = () => setState({ phase: 'error', message: '表格解析失败' });
    fetchFileBytes(url, controller.signal).then(
      (buffer) => worker.postMessage(buffer, [buffer]),
      (err: unknown) => {
        if (!controller.signal.aborted) setState({ phase: 'error', message: err instanceof Error ? err.message : '文件加载失败' });
      },
    );
    return () => {
      controller.abort();
      worker.terminate();
    };
  }, [url]);

  if (state.phase === 'loading') {
    return (
      <div className="preview-loading">
        <Spin description="正在解析表格…" />
      </div>
    );
  }
  if (state.phase === 'error') return <Result status="warning" title={state.message} />;
  const { model, partialRows } = state;
  if (model.sheets.length === 0) return <Empty description="工作簿中没有可显示的工作表" />;
  return (
    <div className="sheet-view" data-testid="sheet-view" data-complete={partialRows === null ? 'true' : 'false'}>
      <Tabs
        className="sheet-tabs"
        size="small"
        type="card"
        tabPlacement="bottom"
        activeKey={active}
        onChange={setActive}
        tabBarExtraContent={
          partialRows !== null ? (
            <Tag color="processing" className="sheet-loading-tag">
              已显示前 {partialRows} 行，正在加载全部数据…
            </Tag>
          ) : undefined
        }
        items={model.sheets.map((sheet, i) => ({
          key: String(i),
          label: sheet.name,
          children: sheet.rowCount === 0 ? <Empty description="空工作表" /> : <SheetGrid sheet={sheet} styles={model.styles} />,
        }))}
      />
    </div>
  );
}
