import { useState } from 'react';
import { App, Form, Modal, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { readListSettings, widgetsFromListSettings, type ReportWidget } from '@park/core';
import { errorMessage } from '../../../lib/http.ts';
import { loadFormDefinition } from '../../../form/api.ts';
import { getDataset, listDatasets, reportKeys } from '../api.ts';

/**
 * 从表单生成 (spec 002 §4 on the report side): an empty report takes a form's list page — its saved
 * advanced layout, else its old settings — as a query widget above a table widget on a dataset
 * over that form. Offered only while the report has no widgets, so it happens once.
 */
export function FromFormDialog({ open, onClose, onWidgets }: { open: boolean; onClose(): void; onWidgets(widgets: ReportWidget[]): void }) {
  const { message } = App.useApp();
  const [datasetId, setDatasetId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const { data: list = [] } = useQuery({ queryKey: reportKeys.datasets, queryFn: ({ signal }) => listDatasets(signal), enabled: open });
  const overForms = list.filter((d) => d.formId !== null);

  const convert = async () => {
    const ds = overForms.find((d) => d.id === datasetId);
    if (!ds || ds.formId === null) {
      void message.warning('请选择来自表单的数据集');
      return;
    }
    setBusy(true);
    try {
      const formId = Number(ds.formId);
      const [form, conf] = await Promise.all([loadFormDefinition(formId), getDataset(ds.id)]);
      onWidgets(widgetsFromListSettings(readListSettings(form.meta), { id: ds.id, meta: conf.dsMeta }, formId));
      onClose();
    } catch (err) {
      void message.error(errorMessage(err, '表单设置读取失败'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} title="从表单生成" okText="生成" cancelText="取消" confirmLoading={busy} onOk={() => void convert()} onCancel={onClose} destroyOnHidden>
      <Form layout="vertical">
        <Form.Item label="表单数据集" extra="按表单列表页的查询条件和列生成查询控件与表格">
          <Select aria-label="表单数据集" showSearch={{ optionFilterProp: 'label' }} placeholder="选择来自表单的数据集" value={datasetId ?? undefined} options={overForms.map((d) => ({ value: d.id, label: d.name }))} onChange={setDatasetId} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
