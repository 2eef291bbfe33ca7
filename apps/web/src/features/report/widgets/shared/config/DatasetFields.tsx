import { Empty, Select, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { DsColumn, DsMeta, Json, ReportWidget } from '@park/core';
import { getDataset, listDatasets, reportKeys } from '../../../api.ts';

/** The dataset's columns, for the axis panels and the query widget. */
export function useDatasetMeta(dataset: unknown): DsMeta | undefined {
  const id = Number(dataset) || null;
  return useQuery({ queryKey: ['report', 'dataset-conf', id], queryFn: () => getDataset(id!), enabled: id !== null, staleTime: 60_000 }).data?.dsMeta;
}

export const COLUMN_MIME = 'application/x-report-column';

/** Choosing a dataset starts the axes afresh: items of another dataset would name foreign columns. */
export function DatasetPicker({ widget, onChange, clear }: { widget: ReportWidget; onChange(w: ReportWidget, tag?: string): void; clear: Json }) {
  const { data: list = [] } = useQuery({ queryKey: reportKeys.datasets, queryFn: ({ signal }) => listDatasets(signal) });
  const data = (widget.data ?? {}) as Json;
  return (
    <Select
      aria-label="数据集"
      className="rw-cfg-full"
      showSearch={{ optionFilterProp: 'label' }}
      placeholder="选择数据集"
      value={data.dataset ? Number(data.dataset) : undefined}
      options={list.map((d) => ({ value: d.id, label: d.name }))}
      onChange={(id: number) => onChange({ ...widget, data: { ...data, ...clear, dataset: String(id) } })}
    />
  );
}

/** The dataset's dimensions and measures, dragged from here onto an axis. */
export function FieldList({ meta }: { meta: DsMeta | undefined }) {
  if (!meta) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="请先选择数据集" />;
  const field = (c: DsColumn, kind: 'dim' | 'measure') => (
    <Tag
      key={c.id}
      className={`rw-field rw-field-${kind}`}
      draggable
      data-column-id={c.id}
      onDragStart={(e) => {
        e.dataTransfer.setData(COLUMN_MIME, c.id);
        e.dataTransfer.setData('text/plain', c.id);
        e.dataTransfer.effectAllowed = 'copy';
      }}
    >
      {c.alias || c.desc}
    </Tag>
  );
  return (
    <div className="rw-fields">
      <div className="rw-fields-title">维度</div>
      <div className="rw-fields-list" aria-label="维度字段">
        {meta.dim.map((c) => field(c, 'dim'))}
      </div>
      <div className="rw-fields-title">度量</div>
      <div className="rw-fields-list" aria-label="度量字段">
        {meta.measure.map((c) => field(c, 'measure'))}
      </div>
    </div>
  );
}
