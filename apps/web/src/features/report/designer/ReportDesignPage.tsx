import { useState } from 'react';
import { useParams, useNavigate } from 'react-router';
import { App, Button, Empty, Modal, Result, Space, Spin, Tooltip } from 'antd';
import { ArrowLeftOutlined, CopyOutlined, DeleteOutlined, EyeOutlined, FormOutlined, HolderOutlined, RedoOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { buildSettingMeta, kindOfPaletteType, readSettingMeta, UNKNOWN_WIDGET, WIDGET_DEFINITIONS, widgetKindOf, type ReportWidget } from '@park/core';
import { errorMessage } from '../../../lib/http.ts';
import { useLeaveGuard, type LeaveText } from '../../../lib/useLeaveGuard.ts';
import { getReport, reportDefKeys, saveReport, type LoadedReport } from '../reportApi.ts';
import { ReportGrid, type GridDrop } from '../viewer/ReportGrid.tsx';
import { ReportRuntimeProvider } from '../viewer/runtime.tsx';
import { RenderWidget, WIDGET_UI } from '../widgets/registry.tsx';
import { SurfaceProvider } from '../widgets/surface.tsx';
import { FromFormDialog } from './FromFormDialog.tsx';
import { draggedPaletteType, dropSizeOf, Palette, WIDGET_MIME } from './Palette.tsx';
import { useReportDesign } from './useReportDesign.ts';
import '../report.css';

const LEAVE_TEXT: LeaveText = { title: '离开报表设计器？', content: '报表有未保存的修改，离开后这些修改将丢失。' };

function Designer({ report }: { report: LoadedReport }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const d = useReportDesign(readSettingMeta(report.settingMeta).widgets);
  const [preview, setPreview] = useState(false);
  const [fromForm, setFromForm] = useState(false);
  const [saving, setSaving] = useState(false);

  const onDrop = ({ cell, event }: GridDrop) => {
    const type = (event as DragEvent).dataTransfer?.getData(WIDGET_MIME) || draggedPaletteType() || '';
    const kind = kindOfPaletteType(type);
    if (!kind) {
      void message.warning(UNKNOWN_WIDGET);
      return;
    }
    d.add(kind, cell);
  };

  /*
   * 保存 saves at once (issue 42): behind a confirmation that was easy to miss, the design was lost
   * on leaving. Leaving with unsaved changes is what asks now (useLeaveGuard).
   */
  const save = async () => {
    setSaving(true);
    try {
      await saveReport({ reportId: report.reportId, reportName: report.reportName, settingMeta: buildSettingMeta(d.widgets) });
      d.markSaved();
      await queryClient.invalidateQueries({ queryKey: reportDefKeys.one(report.reportId) });
      void message.success('保存成功');
    } catch (err) {
      void message.error(errorMessage(err, '保存失败'));
    } finally {
      setSaving(false);
    }
  };
  useLeaveGuard(d.dirty, LEAVE_TEXT);

  const chrome = (w: ReportWidget) => {
    const kind = widgetKindOf(w);
    return (
      <div className={`rd-item ${d.selected?.id === w.id ? 'rd-item-selected' : ''}`} onMouseDown={() => d.select(w.id)} data-testid={`widget-${w.id}`}>
        <div className="rd-item-bar">
          <span className="rg-handle" aria-label={`移动${String(w.style?.mainTitle || w.name)}`}>
            <HolderOutlined /> {kind ? WIDGET_DEFINITIONS[kind].name : UNKNOWN_WIDGET}
          </span>
          <Space size={0}>
            <Tooltip title="复制">
              <Button size="small" type="text" icon={<CopyOutlined />} aria-label="复制控件" onClick={() => d.duplicate(w.id)} />
            </Tooltip>
            <Tooltip title="删除">
              <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label="删除控件" onClick={() => d.remove(w.id)} />
            </Tooltip>
          </Space>
        </div>
        <div className="rd-item-body">
          <RenderWidget widget={w} />
        </div>
      </div>
    );
  };

  const selectedKind = d.selected ? widgetKindOf(d.selected) : null;
  const Config = selectedKind ? WIDGET_UI[selectedKind].Config : null;
  const surface = { render: (w: ReportWidget) => <RenderWidget widget={w} />, select: d.select };

  return (
    <ReportRuntimeProvider mode="design" reportId={report.reportId} widgets={d.widgets}>
      <SurfaceProvider value={surface}>
        <div className="rd-page">
          <header className="rd-toolbar">
            <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(-1)}>
              返回
            </Button>
            <h2 className="rd-title">{report.reportName}</h2>
            <Space>
              {d.widgets.length === 0 && (
                <Button icon={<FormOutlined />} onClick={() => setFromForm(true)}>
                  从表单生成
                </Button>
              )}
              <Button icon={<UndoOutlined />} disabled={!d.canUndo} onClick={d.undo}>
                撤销
              </Button>
              <Button icon={<RedoOutlined />} disabled={!d.canRedo} onClick={d.redo}>
                重做
              </Button>
              <Button icon={<EyeOutlined />} onClick={() => setPreview(true)}>
                预览
              </Button>
              <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()}>
                保存
              </Button>
            </Space>
          </header>
          <div className="rd-main">
            <Palette onAdd={(k) => d.add(k)} />
            <main className="rd-canvas" aria-label="画布">
              {d.widgets.length === 0 && <Empty className="rd-canvas-empty" description="从左侧拖入控件" />}
              <ReportGrid widgets={d.widgets} editable renderItem={chrome} onLayout={d.layout} onDrop={onDrop} dropSize={() => dropSizeOf(draggedPaletteType())} />
            </main>
            <aside className="rd-config" aria-label="控件设置">
              {d.selected && Config && selectedKind ? (
                <>
                  <h3>{WIDGET_DEFINITIONS[selectedKind].name}设置</h3>
                  <Config key={d.selected.id} widget={d.selected} kind={selectedKind} onChange={d.update} allWidgets={d.widgets} />
                </>
              ) : (
                <Empty description="选择一个控件进行设置" />
              )}
            </aside>
          </div>
        </div>
        <FromFormDialog open={fromForm} onClose={() => setFromForm(false)} onWidgets={d.replaceAll} />
        <Modal open={preview} title={`预览：${report.reportName}`} width="96vw" style={{ top: 16 }} footer={null} onCancel={() => setPreview(false)} destroyOnHidden>
          <div className="rv-preview">
            <ReportGrid widgets={d.widgets} renderItem={(w) => <RenderWidget widget={w} />} />
          </div>
        </Modal>
      </SurfaceProvider>
    </ReportRuntimeProvider>
  );
}

/** 报表设计: /report/design/:reportId, opened from 报表管理. */
export function ReportDesignPage() {
  const id = Number(useParams().reportId);
  const q = useQuery({ queryKey: reportDefKeys.one(id), queryFn: ({ signal }) => getReport(id, signal), enabled: Number.isInteger(id) && id > 0, gcTime: 0, staleTime: Infinity });
  if (q.isLoading) return <Spin className="rd-loading" />;
  if (q.error || !q.data) return <Result status="404" title={errorMessage(q.error, '报表不存在')} />;
  return <Designer key={id} report={q.data} />;
}
