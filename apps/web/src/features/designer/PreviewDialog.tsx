import { useState } from 'react';
import { Alert, App, Modal, Spin, Tabs } from 'antd';
import type { FormMeta, StoredRow } from '@park/core';
import { FormDetail } from '../../form/FormDetail.tsx';
import { FormEditor } from '../../form/FormEditor.tsx';
import type { FormDefinition } from '../../form/api.ts';
import { useFormContext } from '../../form/useFormContext.ts';

type PreviewMode = 'add' | 'edit' | 'detail';

/**
 * 预览 before 发布 (issue 9 §3): the unpublished design in the runtime's own renderer, in add,
 * edit and detail modes. Nothing is written: a 保存 that passes every check keeps the values,
 * and 编辑 and 详情 then show them as a stored record would be shown.
 */
export function PreviewDialog({ open, onClose, formId, formName, meta }: { open: boolean; onClose(): void; formId: number; formName: string; meta: FormMeta }) {
  const { message } = App.useApp();
  const [mode, setMode] = useState<PreviewMode>('add');
  const [sample, setSample] = useState<StoredRow>({});
  const [round, setRound] = useState(0);
  const add = useFormContext('add');
  const edit = useFormContext('edit');
  const definition: FormDefinition = { formId, formName, meta };
  const kept = (stored: StoredRow) => {
    setSample(stored);
    setRound((r) => r + 1);
    void message.success('校验通过（预览不保存），可在“编辑”“详情”中查看');
  };
  const body = (which: PreviewMode) => {
    if (!add.ready || !edit.ready) return <Spin />;
    if (which === 'detail') return <FormDetail key={round} loaded={{ definition, record: sample, context: edit.ctx }} />;
    return (
      <FormEditor
        key={`${which}-${round}`}
        definition={definition}
        mode={which}
        record={which === 'edit' ? sample : undefined}
        context={which === 'add' ? add.ctx : edit.ctx}
        onPreviewSave={kept}
      />
    );
  };
  return (
    <Modal
      open={open}
      title={`预览 - ${formName}`}
      width="90vw"
      style={{ top: 24 }}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      className="dz-preview-dialog"
    >
      <Alert type="info" showIcon title="预览使用运行时的表单渲染，保存只做校验，不写入数据" className="dz-preview-tip" />
      <Tabs
        activeKey={mode}
        onChange={(k) => setMode(k as PreviewMode)}
        destroyOnHidden
        items={[
          { key: 'add', label: '新增', children: body('add') },
          { key: 'edit', label: '编辑', children: body('edit') },
          { key: 'detail', label: '详情', children: body('detail') },
        ]}
      />
    </Modal>
  );
}
