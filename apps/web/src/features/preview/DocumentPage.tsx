import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { App, Button, Drawer, Result, Spin, Table, Tag } from 'antd';
import { EyeOutlined, HistoryOutlined, SaveOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isEditableText, isOfficeSuffix } from '@park/core';
import { errorMessage } from '../../lib/http.ts';
import { fileInfoQueryKey, fileUrls, getVersions, saveVersion, versionsQueryKey, type FileVersion, type PreviewFile } from './api.ts';
import { CodeEditorPanel } from './code/CodeEditorPanel.tsx';
import { MSG_EDIT_NO_FILE } from './events.ts';
import { FilePreview } from './FilePreview.tsx';
import { FilePage, useLoadedFile } from './PreviewPage.tsx';
import { ENCODING_LABEL } from './textDecode.ts';
import { fileTextQueryKey, useFileText } from './useFileText.ts';
import './preview.css';

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function VersionsDrawer({ file, open, onClose }: { file: PreviewFile; open: boolean; onClose: () => void }) {
  const versions = useQuery({
    queryKey: versionsQueryKey(file.fileId),
    queryFn: ({ signal }) => getVersions(file.fileId, signal),
    enabled: open,
  });
  return (
    <Drawer title="历史版本" open={open} onClose={onClose} size={520}>
      <Table<FileVersion>
        rowKey="version"
        size="small"
        loading={versions.isPending}
        dataSource={versions.data?.datas ?? []}
        pagination={false}
        columns={[
          {
            title: '版本',
            dataIndex: 'version',
            render: (v: number, row) => (
              <>
                V{v} {row.current && <Tag color="blue">当前</Tag>}
              </>
            ),
          },
          { title: '保存人', dataIndex: 'createBy', render: (v: string | null) => v ?? '-' },
          { title: '时间', dataIndex: 'createTime' },
          { title: '大小', dataIndex: 'size', render: (v: number) => formatSize(v) },
          {
            title: '操作',
            render: (_: unknown, row) => (
              <a href={fileUrls.download(file.fileId, row.current ? undefined : row.version)} data-testid={`version-download-${row.version}`}>
                下载
              </a>
            ),
          },
        ]}
      />
    </Drawer>
  );
}

/** Write mode for text: the code editor panel, saved as a new version of the same file. */
function TextEditor({ file }: { file: PreviewFile }) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const text = useFileText(file.fileId, file.size);
  const versions = useQuery({
    queryKey: versionsQueryKey(file.fileId),
    queryFn: ({ signal }) => getVersions(file.fileId, signal),
  });
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [history, setHistory] = useState(false);
  const dirty = draft !== null && draft !== text.data?.text;

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  if (text.isPending || versions.isPending) {
    return (
      <div className="preview-loading">
        <Spin />
      </div>
    );
  }
  if (text.isError) return <Result status="warning" title={errorMessage(text.error, '文件加载失败')} />;
  if (versions.isError) return <Result status="warning" title={errorMessage(versions.error, '文件加载失败')} />;
  if (!versions.data.editable) {
    return (
      <FilePage file={file} tag={<Tag>只读</Tag>}>
        <Result
          status="403"
          title="您无权编辑该文件"
          subTitle="只有能修改引用该文件的表单数据的用户（或尚未被引用时的上传人）可以在线编辑。"
          extra={
            <Link to={`/document/${file.fileId}/read`}>
              <Button icon={<EyeOutlined />}>只读查看</Button>
            </Link>
          }
        />
      </FilePage>
    );
  }

  const value = draft ?? text.data.text;
  const save = () =>
    modal.confirm({
      title: '确认保存吗？',
      content: `将保存为该文件的第 ${versions.data.version + 1} 个版本，之前的版本仍可在"历史版本"中下载。`,
      onOk: async () => {
        setSaving(true);
        try {
          await saveVersion(file, value, versions.data.version);
          void message.success('保存成功');
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: versionsQueryKey(file.fileId) }),
            queryClient.invalidateQueries({ queryKey: fileTextQueryKey(file.fileId) }),
            queryClient.invalidateQueries({ queryKey: fileInfoQueryKey(file.fileId) }),
          ]);
          setDraft(null);
        } catch {
          // The http client has shown the server's message (409 when someone saved first).
        } finally {
          setSaving(false);
        }
      },
    });

  return (
    <FilePage
      file={file}
      tag={
        <>
          <Tag color="blue">编辑</Tag>
          <Tag data-testid="file-version">V{versions.data.version}</Tag>
          {dirty && <Tag color="orange">未保存</Tag>}
        </>
      }
      actions={
        <>
          <Button icon={<HistoryOutlined />} onClick={() => setHistory(true)}>
            历史版本
          </Button>
          <Button type="primary" icon={<SaveOutlined />} loading={saving} disabled={!dirty} onClick={save}>
            保存
          </Button>
        </>
      }
    >
      <div className="text-view" data-testid="document-editor">
        <CodeEditorPanel
          value={value}
          onChange={setDraft}
          suffix={file.suffix}
          status={<Tag>编码：{ENCODING_LABEL[text.data.encoding]}{text.data.encoding !== 'utf-8' ? '（保存为 UTF-8）' : ''}</Tag>}
        />
      </div>
      <VersionsDrawer file={file} open={history} onClose={() => setHistory(false)} />
    </FilePage>
  );
}

/**
 * The online document page (spec 001 §2.12) at /document/:fileId/:mode. Read mode is the
 * preview; write mode edits text files in the code editor panel. Office documents would need an
 * office server (WPS / OnlyOffice connector), which is not configured: the page says so.
 */
export function DocumentPage() {
  const params = useParams();
  const fileId = params.fileId ?? '';
  const mode = params.mode === 'write' ? 'write' : 'read';
  const { file, fallback } = useLoadedFile(fileId);
  if (!/^\d+$/.test(fileId)) return <Result status="warning" title={MSG_EDIT_NO_FILE} />;
  if (!file) return fallback;

  if (mode === 'read') {
    return (
      <FilePage file={file} tag={<Tag>只读</Tag>}>
        <FilePreview file={file} />
      </FilePage>
    );
  }
  if (isEditableText(file.suffix)) return <TextEditor file={file} />;
  const office = isOfficeSuffix(file.suffix);
  return (
    <FilePage file={file} tag={<Tag>编辑</Tag>}>
      <Result
        status="info"
        data-testid="document-no-editor"
        title={office ? '在线编辑 Office 文档需要 Office 文档服务连接器，当前未配置' : `.${file.suffix} 文件不支持在线编辑`}
        subTitle={
          office
            ? '请下载后使用本地 Office / WPS 编辑，再重新上传；管理员配置 WPS 或 OnlyOffice 连接器后即可在线编辑。'
            : '可在线编辑的是文本与代码文件（txt、md、json、csv、js 等）。'
        }
        extra={[
          <Button key="download" type="primary" href={fileUrls.download(file.fileId)}>
            下载文件
          </Button>,
          <Link key="read" to={`/document/${file.fileId}/read`}>
            <Button icon={<EyeOutlined />}>只读查看</Button>
          </Link>,
        ]}
      />
    </FilePage>
  );
}
