import { Form, Radio, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { readSettingMeta, widgetKindOf } from '@park/core';
import { getReport, reportDefKeys } from '../reportApi.ts';

/** 发送内容: a table widget of the report as Excel, or the whole dashboard as a picture or a PDF. */
export function ReportTargetFields({ reportId }: { reportId: number | null | undefined }) {
  const report = useQuery({ queryKey: reportDefKeys.one(Number(reportId)), queryFn: ({ signal }) => getReport(Number(reportId), signal), enabled: Boolean(reportId) });
  const tables = report.data
    ? readSettingMeta(report.data.settingMeta)
        .widgets.filter((w) => widgetKindOf(w) === 'table')
        .map((w) => ({ value: String(w.id), label: String(w.name ?? `表格 ${w.id}`) }))
    : [];
  const target = Form.useWatch('target');
  return (
    <>
      <Form.Item label="发送内容" name="target" rules={[{ required: true, message: '请选择发送内容' }]}>
        <Radio.Group
          options={[
            { value: 'excel', label: '表格（Excel）' },
            { value: 'png', label: '整张报表（图片 PNG）' },
            { value: 'pdf', label: '整张报表（PDF）' },
          ]}
        />
      </Form.Item>
      {target === 'excel' && (
        <Form.Item label="表格控件" name="widgetId" rules={[{ required: true, message: '请选择要发送的表格' }]}>
          <Select aria-label="表格控件" placeholder="请选择要发送的表格" options={tables} notFoundContent="该报表没有表格控件" />
        </Form.Item>
      )}
    </>
  );
}
