import { useState } from 'react';
import { Alert, App, Button, Modal, Space } from 'antd';
import { DownloadOutlined, ImportOutlined } from '@ant-design/icons';
import { exportDesign, importDesign, type DesignError, type FormMeta } from '@park/core';
import { CodeEditorPanel } from '../preview/code/CodeEditorPanel.tsx';

/** Saves text as a file through a temporary link; nothing leaves the browser. */
function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The design as JSON in the code editor panel (spec 001 §2.11): read it, format or compress it,
 * export it, or paste another design and import it. An import replaces the design only after
 * the same checks 发布 makes, and it is one undo step.
 */
export function JsonDialog({
  open,
  formName,
  meta,
  onClose,
  onImport,
}: {
  open: boolean;
  formName: string;
  meta: FormMeta;
  onClose(): void;
  onImport(meta: FormMeta): void;
}) {
  const { message } = App.useApp();
  const [text, setText] = useState(() => exportDesign(meta));
  const [errors, setErrors] = useState<DesignError[]>([]);
  const apply = () => {
    const result = importDesign(text);
    if (!result.ok) {
      setErrors(result.errors);
      void message.error(result.message);
      return;
    }
    onImport(result.meta);
    void message.success('已导入表单设计');
    onClose();
  };
  return (
    <Modal
      open={open}
      title="JSON"
      width={960}
      onCancel={onClose}
      destroyOnHidden
      className="dz-json-dialog"
      footer={
        <Space>
          <Button icon={<DownloadOutlined />} onClick={() => download(`${formName || 'form'}.json`, text)}>
            导出
          </Button>
          <Button type="primary" icon={<ImportOutlined />} onClick={apply}>
            导入
          </Button>
          <Button onClick={onClose}>关闭</Button>
        </Space>
      }
    >
      {errors.length > 0 && (
        <Alert
          type="error"
          showIcon
          className="dz-json-errors"
          title="设计有误，未导入"
          description={errors.map((e) => (
            <div key={`${e.controlKey}-${e.message}`}>{e.message}</div>
          ))}
        />
      )}
      <CodeEditorPanel value={text} onChange={setText} mode="json" height="60vh" />
    </Modal>
  );
}
