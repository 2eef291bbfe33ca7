import { useEffect, useRef, useState } from 'react';
import { App, Button, Progress, Space, Upload } from 'antd';
import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  EyeOutlined,
  FileOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import {
  FILE_DOWNLOAD_NONE,
  FILE_EDIT_NONE,
  FILE_PREVIEW_NONE,
  FILE_REMOVE_NONE,
  fileIdOf,
  uploadItems,
  type FormControl,
} from '@park/core';
import type { ControlWidget, DisplayProps, EditorProps } from '../types.ts';
import {
  downloadFile,
  fileInfo,
  fileInfoKey,
  fileLimitOf,
  formatSize,
  maxFileSizeOf,
  openDocumentEditor,
  openFilePreview,
  type FileInfo,
} from '../common/files.ts';
import { useFieldUploads } from './fieldUploads.ts';
import { uploadText } from '../common/text.ts';
import { optionsOf, textOf } from '../common/values.ts';

function useFileInfos(ids: string[]): Array<FileInfo | undefined> {
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: fileInfoKey(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => fileInfo(id, signal),
      staleTime: Infinity,
      retry: false,
    })),
  });
  return results.map((r) => r.data);
}

function nameOfFile(info: FileInfo | undefined, id: string): string {
  return info?.originalName || `文件 ${id}`;
}

function FileRows({
  ids,
  infos,
  selected,
  onSelect,
}: {
  ids: string[];
  infos: Array<FileInfo | undefined>;
  selected?: string | null;
  onSelect?: (id: string) => void;
}) {
  return (
    <ul className="file-list" role={onSelect ? 'listbox' : 'list'} aria-label="文件列表">
      {ids.map((id, i) => {
        const info = infos[i];
        const active = selected === id;
        return (
          <li
            key={id}
            role={onSelect ? 'option' : 'listitem'}
            aria-selected={onSelect ? active : undefined}
            className={active ? 'file-row file-row-active' : 'file-row'}
            onClick={() => onSelect?.(id)}
          >
            <FileOutlined className="file-row-icon" />
            <span className="file-row-name" title={nameOfFile(info, id)}>
              {nameOfFile(info, id)}
            </span>
            <span className="file-row-size">{formatSize(info?.size)}</span>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * file_upload: a list with download, preview, edit and remove acting on the chosen file, an
 * upload progress bar, and the spec's messages when there is no file to act on.
 */
function FileUploadEditor({ control, value, onChange, onBlur, disabled, id }: EditorProps) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const ids = (uploadItems(value) ?? []).map(fileIdOf);
  const infos = useFileInfos(ids);
  const idsRef = useRef(ids);
  useEffect(() => {
    idsRef.current = ids;
  });
  const [chosen, setChosen] = useState<string | null>(null);
  const { pending, beforeUpload, customRequest } = useFieldUploads(control, false, () => idsRef.current.length, (up, blob) => {
    queryClient.setQueryData(fileInfoKey(up.fileId), { ...up, size: blob.size });
    const next = [...idsRef.current, up.fileId];
    idsRef.current = next;
    onChange(next);
    setChosen(up.fileId);
    onBlur?.();
  });
  const selected = chosen !== null && ids.includes(chosen) ? chosen : null;
  const limit = fileLimitOf(control);

  const current = (): { id: string; info: FileInfo | undefined } | null => {
    const target = selected ?? (ids.length === 1 ? ids[0]! : null);
    return target ? { id: target, info: infos[ids.indexOf(target)] } : null;
  };

  const act = (none: string, run: (id: string, info: FileInfo | undefined) => void) => {
    if (ids.length === 0) {
      void message.warning(none);
      return;
    }
    const file = current();
    if (!file) {
      void message.warning('请先在列表中选择文件');
      return;
    }
    run(file.id, file.info);
  };

  return (
    <div className="file-upload" id={id}>
      {!disabled && (
        <Space wrap className="file-upload-toolbar">
          <Upload
            multiple={limit === undefined || limit > 1}
            showUploadList={false}
            beforeUpload={beforeUpload}
            customRequest={customRequest}
          >
            <Button type="primary" icon={<UploadOutlined />}>
              上传文件
            </Button>
          </Upload>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => act(FILE_DOWNLOAD_NONE, (fid) => downloadFile(fid))}
          >
            下载
          </Button>
          <Button
            icon={<EyeOutlined />}
            onClick={() =>
              act(FILE_PREVIEW_NONE, (fid, info) =>
                openFilePreview({
                  fileId: fid,
                  suffix: info?.suffix ?? '',
                  originalName: info?.originalName ?? fid,
                  files: ids.map((x, i) => ({
                    fileId: x,
                    suffix: infos[i]?.suffix,
                    originalName: infos[i]?.originalName,
                  })),
                }),
              )
            }
          >
            预览
          </Button>
          <Button
            icon={<EditOutlined />}
            onClick={() => act(FILE_EDIT_NONE, (fid) => openDocumentEditor(fid, 'write'))}
          >
            编辑
          </Button>
          <Button
            danger
            icon={<DeleteOutlined />}
            onClick={() => {
              if (!selected) {
                void message.warning(FILE_REMOVE_NONE);
                return;
              }
              onChange(ids.filter((x) => x !== selected));
              setChosen(null);
              onBlur?.();
            }}
          >
            移除
          </Button>
        </Space>
      )}
      {pending.map((p) => (
        <div className="file-progress" key={p.uid}>
          <span className="file-row-name">{p.name}</span>
          <Progress percent={p.percent} size="small" status="active" />
        </div>
      ))}
      {ids.length > 0 ? (
        <FileRows ids={ids} infos={infos} selected={selected} onSelect={disabled ? undefined : setChosen} />
      ) : (
        disabled && <span className="field-display-empty">-</span>
      )}
      {!disabled && (
        <div className="upload-tip">
          {limit !== undefined ? `最多上传${limit}个文件` : '可上传多个文件'}
          {maxFileSizeOf(control) !== undefined
            ? `，单个文件不超过${textOf(optionsOf(control).maxFileSize)}M`
            : ''}
          ，点击文件名选中后可下载、预览、编辑或移除
        </div>
      )}
    </div>
  );
}

/** The detail view: each file with download and preview. */
function FileDisplay({ value }: DisplayProps) {
  const ids = (uploadItems(value) ?? []).map(fileIdOf);
  const infos = useFileInfos(ids);
  if (ids.length === 0) return <span className="field-display-empty">-</span>;
  return (
    <ul className="file-list" aria-label="文件列表">
      {ids.map((fid, i) => {
        const info = infos[i];
        return (
          <li key={fid} className="file-row">
            <FileOutlined className="file-row-icon" />
            <span className="file-row-name">{nameOfFile(info, fid)}</span>
            <span className="file-row-size">{formatSize(info?.size)}</span>
            <Space size={4}>
              <Button type="link" size="small" onClick={() => downloadFile(fid)}>
                下载
              </Button>
              <Button
                type="link"
                size="small"
                onClick={() =>
                  openFilePreview({
                    fileId: fid,
                    suffix: info?.suffix ?? '',
                    originalName: info?.originalName ?? fid,
                    files: ids.map((x, j) => ({
                      fileId: x,
                      suffix: infos[j]?.suffix,
                      originalName: infos[j]?.originalName,
                    })),
                  })
                }
              >
                预览
              </Button>
            </Space>
          </li>
        );
      })}
    </ul>
  );
}

export function fileUploadWidget(): ControlWidget {
  return {
    frame: 'field',
    Editor: FileUploadEditor,
    Display: FileDisplay,
    text: (value: unknown, control: FormControl) => uploadText(value, control),
  };
}
