import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Badge, Button, Empty, Popover, Space, Tabs, Tag, Tooltip, Typography } from 'antd';
import {
  CodeOutlined,
  ClearOutlined,
  CloudUploadOutlined,
  EyeOutlined,
  RedoOutlined,
  UndoOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import {
  DndContext,
  DragOverlay,
  PointerSensor,
  useSensor,
  useSensors,
  type Active,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import {
  canDrop,
  controlFromClipboardText,
  controlToClipboardText,
  emptyDesign,
  exportDesign,
  findControl,
  formatDateTime,
  listAt,
  selfAndInside,
  type DesignError,
  type FormMeta,
  type SensorSettings,
} from '@park/core';
import { ControlPropertyPanel, FormPropertyPanel } from './properties/index.tsx';
import { ListSettingsEditor } from './listSettings/index.tsx';
import { AppListSettings } from './appList/AppListSettings.tsx';
import { Canvas } from './Canvas.tsx';
import { dropPlace, innermost, isAreaOf, pointerAtEnd, slotId, type DragData } from './dnd.ts';
import { JsonDialog } from './JsonDialog.tsx';
import { MenuDialog } from './MenuDialog.tsx';
import { Palette, paletteName } from './Palette.tsx';
import { PreviewDialog } from './PreviewDialog.tsx';
import { PublishDialog } from './PublishDialog.tsx';
import { QrCodeSettingButton } from './qrCode/QrCodeSettingButton.tsx';
import { RemindSetButton } from '../remind/RemindSetDialog.tsx';
import { useDesigner } from './useDesigner.ts';
import { discardDraft, type DesignDraft } from './api.ts';
import { DRAFT_LABELS, useDraftAutosave } from './useDraftAutosave.ts';
import { useLeaveGuard, type LeaveText } from '../../lib/useLeaveGuard.ts';
import './designer.css';

/** Keys typed into a field belong to the field, not to the canvas. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) || target.closest('.cm-editor') !== null;
}

type Dialog = 'preview' | 'json' | 'publish' | 'menu' | null;

export interface DesignerProps {
  formId: number;
  formName: string;
  /** The published design (or an empty one). */
  initial: FormMeta;
  /** The caller's unpublished draft, restored onto the canvas when there is one. */
  draft: DesignDraft | null;
  /** The published design's version, to tell a draft older than it. */
  designVersion: number;
  /** Whether the form has a published design (a first 发布 offers to create its menu). */
  published: boolean;
}

/**
 * The form designer (issue 9): palette, canvas and property panes around one design held with
 * its undo history. Drag and drop is @dnd-kit (already a dependency of this app for the
 * designer): pointer dragging from the palette, sortable lists for the form, each grid column
 * and each sub-table.
 */
const LEAVE_TEXT: LeaveText = {
  title: '离开设计器？',
  content: '有未发布的修改。草稿已自动保存，下次打开本表单的设计器时可以恢复；离开后其他人看到的仍是已发布的设计。',
};

export function Designer({ formId, formName, initial, draft, designVersion, published }: DesignerProps) {
  const { message, modal } = App.useApp();
  const { meta, problems, selected, canUndo, canRedo, actions } = useDesigner(draft?.meta ?? initial);
  const [restored, setRestored] = useState(draft !== null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [tab, setTab] = useState('control');
  const [saved, setSaved] = useState(() => exportDesign(initial));
  const [isPublished, setPublished] = useState(published);
  const [serverErrors, setServerErrors] = useState<DesignError[]>([]);
  const [dragging, setDragging] = useState<DragData | null>(null);
  const dirty = useMemo(() => exportDesign(meta) !== saved, [meta, saved]);
  const found = selected ? findControl(meta, selected) : undefined;

  // Delete, Ctrl+Z / Ctrl+Y (and Ctrl+Shift+Z) while no field has the focus.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e.target) || dialog !== null) return;
      const ctrl = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      if (ctrl && key === 'z' && !e.shiftKey) actions.undo();
      else if (ctrl && (key === 'y' || (key === 'z' && e.shiftKey))) actions.redo();
      else if (e.key === 'Delete' && selected && !ctrl) actions.remove(selected);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [actions, selected, dialog]);

  // Ctrl+C / Ctrl+V as the browser's copy and paste: the selected control goes to the system
  // clipboard too (these events need no permission, even on a plain-HTTP intranet), so it can be
  // pasted into another form's designer; text that is not a control pastes the last one copied here.
  useEffect(() => {
    const onCopy = (e: ClipboardEvent) => {
      if (isTyping(e.target) || dialog !== null || !selected) return;
      const found = findControl(meta, selected);
      if (!found) return;
      actions.toClipboard(selected);
      e.clipboardData?.setData('text/plain', controlToClipboardText(found.control));
      e.preventDefault();
    };
    const onPaste = (e: ClipboardEvent) => {
      if (isTyping(e.target) || dialog !== null) return;
      actions.paste(controlFromClipboardText(e.clipboardData?.getData('text/plain') ?? '') ?? undefined);
      e.preventDefault();
    };
    document.addEventListener('copy', onCopy);
    document.addEventListener('paste', onPaste);
    return () => {
      document.removeEventListener('copy', onCopy);
      document.removeEventListener('paste', onPaste);
    };
  }, [actions, selected, dialog, meta]);

  // Unpublished work is neither left behind without a word nor lost with the tab (issue 26).
  useLeaveGuard(dirty, LEAVE_TEXT);
  const draftState = useDraftAutosave(formId, meta, dirty, draft !== null);
  const discard = () =>
    modal.confirm({
      title: '放弃草稿',
      content: '放弃后画布回到已发布的设计（可撤销），服务器上的草稿将删除。',
      okText: '放弃草稿',
      cancelText: '取消',
      onOk: async () => {
        await discardDraft(formId);
        actions.replace(initial);
        setRestored(false);
      },
    });

  // A small move starts a drag; a click stays a click (select, or add from the palette).
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }));
  const collision = useMemo(
    () =>
      innermost((overId: string, active: Active) => {
        const data = active.data.current as DragData | undefined;
        if (data?.from !== 'canvas') return false;
        const control = findControl(meta, data.key)?.control;
        if (!control) return false;
        // Nothing goes inside itself: skip the dragged control's own columns and children.
        return selfAndInside(control).some((c) => {
          const key = String(c.key);
          return (key !== data.key && overId === key) || isAreaOf(overId, key);
        });
      }),
    [meta],
  );

  const onDragStart = (e: DragStartEvent) => setDragging((e.active.data.current as DragData | undefined) ?? null);
  const onDragEnd = (e: DragEndEvent) => {
    setDragging(null);
    const data = e.active.data.current as DragData | undefined;
    const containerOf = (d: unknown) => (d as { sortable?: { containerId?: unknown } } | undefined)?.sortable?.containerId;
    const sameList = containerOf(e.active.data.current) !== undefined && containerOf(e.active.data.current) === containerOf(e.over?.data.current);
    const place = dropPlace(e.over, (slot) => listAt(meta, slot)?.length ?? 0, pointerAtEnd(e.activatorEvent, e.delta), sameList);
    if (!data || !place) return;
    const dragged = data.from === 'palette' ? { type: data.type, options: {} } : findControl(meta, data.key)?.control;
    if (dragged && place.slot.kind === 'table' && !canDrop(meta, dragged, place.slot)) {
      void message.warning('子表单中只能放置字段控件');
      return;
    }
    if (data.from === 'palette') {
      actions.add(data.type, place);
      setTab('control');
    } else if (e.over?.id !== data.key) actions.move(data.key, place);
  };

  const markRefused = (errors: DesignError[]) => {
    setServerErrors(errors);
    const first = errors.find((x) => x.controlKey);
    if (first) actions.select(first.controlKey);
  };

  const publish = () => {
    if (problems.errors.length > 0) {
      // The same checks the server makes: refuse here, naming the control.
      const first = problems.errors[0]!;
      void message.error(first.message);
      if (first.controlKey) actions.select(first.controlKey);
      return;
    }
    if (meta.list.length === 0) {
      void message.warning('请先添加控件');
      return;
    }
    setDialog('publish');
  };

  const clear = () =>
    modal.confirm({
      title: '提示',
      content: '确定清空画布中的所有控件吗？（可撤销）',
      okText: '确定',
      cancelText: '取消',
      onOk: () => actions.replace({ ...meta, list: emptyDesign().list }),
    });

  const problemList = (
    <div className="dz-problem-list">
      {problems.errors.map((e) => (
        <div key={`${e.controlKey}-${e.message}`}>
          <Typography.Link onClick={() => e.controlKey && actions.select(e.controlKey)}>{e.message}</Typography.Link>
        </div>
      ))}
    </div>
  );

  return (
    <div className="dz-designer" data-testid="form-designer">
      <div className="dz-toolbar">
        <Space size={8}>
          <Typography.Text strong className="dz-form-name">
            {formName}
          </Typography.Text>
          {dirty ? <Tag color="orange">未发布的修改</Tag> : <Tag color="green">{isPublished ? '已发布' : '未设计'}</Tag>}
          {DRAFT_LABELS[draftState] && (
            <Typography.Text type={draftState === 'failed' ? 'danger' : 'secondary'} className="dz-draft-state" data-testid="draft-state">
              {DRAFT_LABELS[draftState]}
            </Typography.Text>
          )}
          {problems.errors.length > 0 && (
            <Popover content={problemList} title="设计问题" placement="bottomLeft">
              <Tag color="red" icon={<WarningOutlined />} data-testid="design-problems">
                {problems.errors.length} 个设计问题
              </Tag>
            </Popover>
          )}
        </Space>
        <Space size={8}>
          <Tooltip title="撤销 (Ctrl+Z)">
            <Button icon={<UndoOutlined />} disabled={!canUndo} onClick={actions.undo}>
              撤销
            </Button>
          </Tooltip>
          <Tooltip title="重做 (Ctrl+Y)">
            <Button icon={<RedoOutlined />} disabled={!canRedo} onClick={actions.redo}>
              重做
            </Button>
          </Tooltip>
          <Button icon={<ClearOutlined />} disabled={meta.list.length === 0} onClick={clear}>
            清空
          </Button>
          <Button icon={<EyeOutlined />} onClick={() => setDialog('preview')}>
            预览
          </Button>
          <QrCodeSettingButton formId={formId} formName={formName} meta={meta} />
          <Button icon={<CodeOutlined />} onClick={() => setDialog('json')}>
            JSON
          </Button>
          {formId > 0 && <RemindSetButton formId={formId} meta={meta} />}
          <Badge dot={dirty}>
            <Button type="primary" icon={<CloudUploadOutlined />} onClick={publish}>
              发布
            </Button>
          </Badge>
        </Space>
      </div>
      {restored && draft && (
        <Alert
          className="dz-draft-alert"
          type="info"
          showIcon
          banner
          message={`有未发布的草稿（${formatDateTime(new Date(draft.updateTime))} 自动保存），已恢复到画布。${
            draft.baseVersion < designVersion ? '草稿之后表单又发布过，发布前请核对。' : ''
          }`}
          action={
            <Space>
              <Button size="small" onClick={discard}>
                放弃草稿
              </Button>
              <Button size="small" type="text" onClick={() => setRestored(false)}>
                知道了
              </Button>
            </Space>
          }
        />
      )}
      <DndContext sensors={sensors} collisionDetection={collision} onDragStart={onDragStart} onDragEnd={onDragEnd} onDragCancel={() => setDragging(null)}>
        <div className={dragging ? 'dz-body dz-is-dragging' : 'dz-body'}>
          <aside className="dz-left">
            <Palette
              onAdd={(type) => {
                actions.add(type);
                setTab('control');
              }}
            />
          </aside>
          <main className="dz-center" data-root-slot={slotId({ kind: 'root' })}>
            <Canvas meta={meta} selected={selected} problems={problems} actions={actions} />
          </main>
          <aside className="dz-right">
            <Tabs
              activeKey={tab}
              onChange={setTab}
              items={[
                {
                  key: 'control',
                  label: '控件属性',
                  children: found ? (
                    <ControlPropertyPanel
                      key={String(found.control.key)}
                      control={found.control}
                      meta={meta}
                      parentTable={found.parentTable}
                      onChange={(next) => actions.update(String(found.control.key), next)}
                    />
                  ) : (
                    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="请在画布中选择控件" />
                  ),
                },
                {
                  key: 'form',
                  label: '表单属性',
                  children: <FormPropertyPanel config={meta.config} onChange={(config) => actions.updateMeta((m) => ({ ...m, config }), 'config')} />,
                },
                {
                  key: 'list',
                  label: '列表页设置',
                  children: (
                    <ListSettingsEditor
                      meta={meta}
                      value={meta.sensorSettings}
                      onChange={(sensorSettings: SensorSettings) => actions.updateMeta((m) => ({ ...m, sensorSettings }), 'sensorSettings')}
                      onClearV2={() => actions.updateMeta(({ sensorSettingsV2: _dropped, ...m }) => m, 'sensorSettingsV2')}
                    />
                  ),
                },
                {
                  key: 'mobileList',
                  label: '移动端列表',
                  children: (
                    <AppListSettings formId={formId} meta={meta} onChange={(appSensorSettings) => actions.updateMeta((m) => ({ ...m, appSensorSettings }), 'appSensorSettings')} />
                  ),
                },
              ]}
            />
            {serverErrors.length > 0 && (
              <div className="dz-server-errors" role="alert">
                {serverErrors.map((e) => (
                  <div key={`${e.controlKey}-${e.message}`}>{e.message}</div>
                ))}
              </div>
            )}
          </aside>
        </div>
        <DragOverlay dropAnimation={null}>
          {dragging?.from === 'palette' ? <div className="dz-palette-item dz-overlay">{paletteName(dragging.type)}</div> : null}
        </DragOverlay>
      </DndContext>
      {dialog === 'preview' && <PreviewDialog open formId={formId} formName={formName} meta={meta} onClose={() => setDialog(null)} />}
      {dialog === 'json' && <JsonDialog open formName={formName} meta={meta} onClose={() => setDialog(null)} onImport={actions.replace} />}
      {dialog === 'publish' && (
        <PublishDialog
          formId={formId}
          meta={meta}
          firstPublish={!isPublished}
          onClose={() => setDialog(null)}
          onRefused={markRefused}
          onPublished={(design) => {
            // A first 发布 may have added the list page's query bar: the canvas holds what was published.
            if (design !== meta) actions.replace(design);
            setSaved(exportDesign(design));
            setRestored(false);
            setPublished(true);
            setServerErrors([]);
            setDialog('menu');
          }}
        />
      )}
      {dialog === 'menu' && <MenuDialog formId={formId} formName={formName} onClose={() => setDialog(null)} />}
    </div>
  );
}
