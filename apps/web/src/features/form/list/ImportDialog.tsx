import { useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Modal, Progress, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import {
  EXCEL_IMPORT_FAILED,
  EXCEL_IMPORT_OK,
  EXCEL_IMPORT_PART,
  IMPORT_JOB,
  IMPORT_POLL_MS,
  type JobState,
} from '@park/core';
import { ApiError } from '../../../lib/http.ts';
import { downloadFrom, errorFileUrl, startImport, templateUrl } from './api.ts';
import { pollJob } from './jobs.ts';

type Stage =
  | { kind: 'idle' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'running'; state: JobState | null }
  | { kind: 'done'; state: JobState; code: string };

/**
 * 导入 (spec 002 §4): 下载模板 gives the import template; the chosen workbook is uploaded to
 * importForm, then the job is polled every 2 s with a progress bar of rows done / total. Success
 * refreshes the list; a partial success also downloads {表单名}_error.xlsx, the rejected rows with
 * their reasons; a failure shows the reason.
 */
export function ImportDialog({
  formId,
  widgetId,
  open,
  onClose,
  onImported,
}: {
  formId: number;
  /** The list page's table widget: the template lists its columns and the import reads them. */
  widgetId?: string | null;
  open: boolean;
  onClose(): void;
  onImported(): void;
}) {
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const busy = stage.kind === 'uploading' || stage.kind === 'running';
  const close = () => {
    abort.current?.abort();
    setFile(null);
    setStage({ kind: 'idle' });
    onClose();
  };

  const start = async () => {
    if (!file) return;
    const controller = new AbortController();
    abort.current = controller;
    setStage({ kind: 'uploading', percent: 0 });
    try {
      const code = await startImport(formId, file, (percent) => setStage({ kind: 'uploading', percent }), widgetId);
      setStage({ kind: 'running', state: null });
      const end = await pollJob(code, IMPORT_JOB, IMPORT_POLL_MS, (state) => setStage({ kind: 'running', state }), controller.signal);
      setStage({ kind: 'done', state: end, code });
      if (end.phase === 'success') {
        void message.success(EXCEL_IMPORT_OK);
        onImported();
      } else if (end.phase === 'part_success') {
        void message.warning({ content: EXCEL_IMPORT_PART, duration: 8 });
        downloadFrom(errorFileUrl(code));
        onImported();
      } else {
        void message.error(end.reason || EXCEL_IMPORT_FAILED);
      }
    } catch (err) {
      if (err instanceof ApiError && err.kind === 'aborted') return;
      // The client has already shown the server's reason; the dialog offers another try.
      setStage({ kind: 'idle' });
    }
  };

  const state = stage.kind === 'running' || stage.kind === 'done' ? stage.state : null;
  return (
    <Modal
      open={open}
      title="导入"
      width={560}
      onCancel={close}
      maskClosable={false}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={close}>
          {stage.kind === 'done' ? '关闭' : '取消'}
        </Button>,
        stage.kind !== 'done' && (
          <Button key="start" type="primary" disabled={!file || busy} loading={busy} onClick={() => void start()}>
            开始导入
          </Button>
        ),
      ]}
    >
      <div className="list-import">
        <div className="list-import-step">
          <span>1. 下载导入模板，按模板格式填写数据</span>
          <Button icon={<DownloadOutlined />} onClick={() => downloadFrom(templateUrl(formId, widgetId))}>
            下载模板
          </Button>
        </div>
        <div className="list-import-step-title">2. 选择填写好的 Excel 文件（.xlsx）</div>
        <Upload.Dragger
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          maxCount={1}
          disabled={busy}
          beforeUpload={(f) => {
            setFile(f);
            setStage({ kind: 'idle' });
            return Upload.LIST_IGNORE;
          }}
          showUploadList={false}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{file ? file.name : '点击或拖拽文件到此处'}</p>
        </Upload.Dragger>
        {stage.kind === 'uploading' && (
          <div className="list-import-progress">
            <span>正在上传…</span>
            <Progress percent={stage.percent} size="small" />
          </div>
        )}
        {state && (
          <div className="list-import-progress" data-testid="import-progress">
            <span>
              已处理 {state.done} / {state.total || '-'} 行
            </span>
            <Progress
              percent={state.percent}
              size="small"
              status={state.phase === 'failed' ? 'exception' : state.phase === 'running' ? 'active' : 'success'}
            />
          </div>
        )}
        {stage.kind === 'running' && !state && <Progress percent={0} size="small" status="active" />}
        {stage.kind === 'done' && (
          <Alert
            showIcon
            type={stage.state.phase === 'success' ? 'success' : stage.state.phase === 'part_success' ? 'warning' : 'error'}
            title={
              stage.state.phase === 'failed'
                ? stage.state.reason || EXCEL_IMPORT_FAILED
                : `成功导入 ${stage.state.okRows} 条${stage.state.badRows ? `，${stage.state.badRows} 条未导入` : ''}`
            }
            description={
              // The automatic download may be blocked by the browser: the rows stay one click away
              // here, and on the list page for as long as the server keeps them.
              stage.state.phase === 'part_success' && stage.state.badRows > 0 ? (
                <span>
                  未导入的行及原因：
                  <a href={errorFileUrl(stage.code)} download data-testid="import-error-link">
                    下载错误数据
                  </a>
                  （关闭后也可在列表页的“下载错误数据”中找到）
                </span>
              ) : undefined
            }
          />
        )}
      </div>
    </Modal>
  );
}
