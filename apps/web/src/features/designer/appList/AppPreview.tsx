import { useMemo } from 'react';
import { Alert, Empty, Input, Modal, Spin } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  appCardHasFooter,
  appColLabel,
  appHasSearch,
  appSearchPlaceholder,
  appSlotText,
  decodeRecord,
  listColumnChoices,
  type AppSensorSettings,
  type AppSlotEntry,
  type FormControl,
  type FormMeta,
} from '@park/core';
import { postJson } from '../../../lib/http.ts';
import { widgetOf } from '../../../controls/registry.ts';

type Row = Record<string, unknown>;

/** POST previewQueryAppFormData {pageNum, pageSize, formId, tableItem, queryConditions} → datas. */
async function previewRows(formId: number, settings: AppSensorSettings, signal?: AbortSignal): Promise<Row[]> {
  const reply = await postJson<{ datas?: Row[] }>('/api/form/previewQueryAppFormData', { pageNum: 1, pageSize: 10, formId, tableItem: settings.tableItem, queryConditions: [] }, { signal, silent: true });
  return Array.isArray(reply.datas) ? reply.datas : [];
}

/**
 * The designer's phone preview (the original's AppPreview): a 375×670 frame with the search box
 * when search fields are set and the first ten records as the phone's cards will show them.
 */
export function AppPreviewDialog({ formId, meta, settings, onClose }: { formId: number; meta: FormMeta; settings: AppSensorSettings; onClose(): void }) {
  const rows = useQuery({ queryKey: ['app-preview', formId, JSON.stringify(settings.tableItem)], queryFn: ({ signal }) => previewRows(formId, settings, signal), retry: false });
  const controls = useMemo(() => new Map(listColumnChoices(meta).flatMap((c) => (c.control ? [[c.key, c.control] as const] : []))), [meta]);
  const text = (row: Row, values: Row, entry: AppSlotEntry | undefined): string => {
    if (!entry) return '';
    const control: FormControl | undefined = controls.get(entry.key);
    const widget = control ? widgetOf(String(control.type)) : undefined;
    return appSlotText(entry, control && widget ? widget.text(values[entry.key], control) : String(row[entry.key] ?? ''));
  };
  const footer = appCardHasFooter(settings);
  return (
    <Modal open title="手机预览" width={440} footer={null} onCancel={onClose}>
      <div className="al-phone-frame">
      <div className="al-phone" data-testid="app-preview">
        {appHasSearch(settings) && <Input className="al-phone-search" prefix={<SearchOutlined />} placeholder={appSearchPlaceholder(settings)} readOnly />}
        {rows.isLoading && <Spin />}
        {rows.isError && <Alert type="error" showIcon title={rows.error instanceof Error ? rows.error.message : '预览失败'} description="预览使用已发布的表单设计，请先发布新增的字段" />}
        {rows.data?.length === 0 && <Empty description="暂无数据" />}
        {rows.data?.map((row) => {
          const values = decodeRecord(meta, row) as Row;
          const title = text(row, values, settings.tableItem.title[0]);
          const rightTop = text(row, values, settings.tableItem.rightTop[0]);
          return (
            <div className="al-card" key={String(row.id)} data-testid="app-preview-card">
              {(title || rightTop) && (
                <div className="al-card-head">
                  <span className="al-card-title">{title}</span>
                  <span className="al-card-right-top">{rightTop}</span>
                </div>
              )}
              {settings.tableItem.cols.map((c, i) => (
                <div className="al-card-line" key={i}>
                  <span className="al-card-label">{appColLabel(c)}：</span>
                  {text(row, values, c)}
                </div>
              ))}
              {footer && (
                <div className="al-card-foot">
                  <span>{text(row, values, settings.tableItem.leftBottom[0])}</span>
                  <span>{text(row, values, settings.tableItem.rightBottom[0])}</span>
                </div>
              )}
            </div>
          );
        })}
      </div>
      </div>
    </Modal>
  );
}
