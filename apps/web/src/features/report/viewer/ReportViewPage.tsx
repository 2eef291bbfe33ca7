import { useMemo, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Button, ConfigProvider, Result, Spin, theme } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { readSettingMeta, type Linkage, type ReportWidget } from '@park/core';
import { ApiError, errorMessage } from '../../../lib/http.ts';
import { ForbiddenPage } from '../../../lib/ErrorPages.tsx';
import { getReport, reportDefKeys, type LoadedReport } from '../reportApi.ts';
import { RenderWidget } from '../widgets/registry.tsx';
import { SurfaceProvider } from '../widgets/surface.tsx';
import { ReportGrid } from './ReportGrid.tsx';
import { ReportRuntimeProvider } from './runtime.tsx';
import { SubscribeButton } from '../autoReport/SubscribeButton.tsx';
import '../report.css';

/**
 * A jump from another report passes its row's values as query parameters; each becomes an
 * equality condition on the widgets that name that column.
 */
function linkageFromSearch(search: URLSearchParams): Linkage[] {
  const conds = [...search.entries()]
    .filter(([k]) => /^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(k) && k !== 'v_s')
    .map(([column, value]) => ({ condType: 'single' as const, table: '', column, matchType: '$eq', value }));
  return conds.length ? [{ source: -1, dataset: '', conds }] : [];
}

function Viewer({ report }: { report: LoadedReport }) {
  const [search] = useSearchParams();
  const box = useRef<HTMLDivElement>(null);
  const [screen, setScreen] = useState(false);
  const widgets = useMemo(() => readSettingMeta(report.settingMeta).widgets, [report]);
  const initial = useMemo(() => linkageFromSearch(search), [search]);
  const surface = useMemo(() => ({ render: (w: ReportWidget) => <RenderWidget widget={w} /> }), []);

  const toggleScreen = async () => {
    if (!screen) {
      setScreen(true);
      await box.current?.requestFullscreen?.().catch(() => undefined);
    } else {
      setScreen(false);
      if (document.fullscreenElement) await document.exitFullscreen().catch(() => undefined);
    }
  };

  return (
    <ReportRuntimeProvider mode="view" reportId={report.reportId} widgets={widgets} initial={initial} screen={screen}>
      <SurfaceProvider value={surface}>
        {/* 大屏 is dark: tables, pagination and buttons follow antd's dark algorithm, charts ECharts' dark theme. */}
        <ConfigProvider theme={screen ? { algorithm: theme.darkAlgorithm } : undefined}>
        <div ref={box} className={`rv-page ${screen ? 'rv-screen' : ''}`}>
          <header className="rv-head">
            <h2>{report.reportName}</h2>
            <div className="rv-actions">
              {!screen && <SubscribeButton reportId={report.reportId} reportName={report.reportName} />}
              <Button icon={screen ? <FullscreenExitOutlined /> : <FullscreenOutlined />} onClick={() => void toggleScreen()}>
                {screen ? '退出大屏' : '大屏'}
              </Button>
            </div>
          </header>
          {widgets.length === 0 ? <Result status="info" title="该报表还没有控件" /> : <ReportGrid widgets={widgets} renderItem={(w) => <RenderWidget widget={w} />} />}
        </div>
        </ConfigProvider>
      </SurfaceProvider>
    </ReportRuntimeProvider>
  );
}

/** A published report or dashboard (menu component ReportCustom, /report/view/:reportId). */
export function ReportViewPage() {
  const id = Number(useParams().reportId);
  const q = useQuery({ queryKey: reportDefKeys.one(id), queryFn: ({ signal }) => getReport(id, signal), enabled: Number.isInteger(id) && id > 0, retry: false });
  if (q.isLoading) return <Spin className="rd-loading" />;
  if (q.error instanceof ApiError && q.error.status === 403) return <ForbiddenPage />;
  if (q.error || !q.data) return <Result status="404" title={errorMessage(q.error, '报表不存在')} />;
  return <Viewer key={id} report={q.data} />;
}
