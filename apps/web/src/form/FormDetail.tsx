import { Card, Empty } from 'antd';
import type { ReactNode } from 'react';
import { decodeRecord, subTablesOf } from '@park/core';
import { useState } from 'react';
import { modelOf } from '../controls/common/values.ts';
import type { LoadedForm } from './FormLoader.tsx';
import { FormFields } from './FormFields.tsx';
import { FormStore } from './store.ts';
import { SubTableSection, subTableLayoutOf } from './SubTableSection.tsx';

/**
 * The read-only detail view (spec 001 §2.8): the fields in their grid, images in the viewer,
 * and the sub-tables as tabs or stacked; with `subKey`, only that sub-table.
 */
export function FormDetail({ loaded, subKey, extra }: { loaded: LoadedForm; subKey?: string; extra?: ReactNode }) {
  const { definition, record, context } = loaded;
  const { meta, formId, formName } = definition;
  const [store] = useState(() => new FormStore(meta, decodeRecord(meta, record ?? {}), context));
  const recordId = record?.id === undefined || record.id === null ? null : String(record.id);
  const layout = subTableLayoutOf(meta);
  if (subKey !== undefined) {
    const table = subTablesOf(meta).find((t) => modelOf(t) === subKey);
    return (
      <Card title={`${formName} - 子表详情`} extra={extra} variant="borderless" className="form-detail">
        {table ? (
          <SubTableSection
            meta={meta}
            formId={formId}
            recordId={recordId}
            mode="detail"
            context={context}
            layout="stack"
            only={subKey}
          />
        ) : (
          <Empty description={`子表单 ${subKey} 不存在`} />
        )}
      </Card>
    );
  }
  return (
    <Card title={`${formName} - 详情`} extra={extra} variant="borderless" className="form-detail">
      <FormFields
        store={store}
        controls={meta.list}
        mode="detail"
        formId={formId}
        recordId={recordId}
        config={meta.config}
      />
      <SubTableSection
        meta={meta}
        formId={formId}
        recordId={recordId}
        mode="detail"
        context={context}
        layout={layout}
      />
    </Card>
  );
}
