import { App, Button, Form, Space, Typography, Upload } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { BASE_PATH, NOTICE_BACKGROUND_SUFFIXES, NOTICE_BACKGROUND_TEXT, NOTICE_BACKGROUNDS, noticeBackgroundUrl } from '@park/core';
import { uploadFile } from '../../controls/common/files.ts';
import { usedBackgrounds } from './api.ts';

/*
 * 背景图片 of a notice (issue 38; the original's BackgroundSelected): one of the built-in images or
 * an uploaded jpg/png. The server checks the upload by content and the choice again on save.
 */
export type BackgroundValue = { key: string } | { fileId: string; name: string };

const THUMB = { width: 120, height: 80, borderRadius: 6, backgroundSize: 'cover', backgroundPosition: 'center', cursor: 'pointer', display: 'flex', alignItems: 'flex-end', padding: 4 } as const;

function Thumb({ url, label, selected, onPick }: { url: string; label: string; selected: boolean; onPick: () => void }) {
  return (
    <div
      role="radio"
      aria-checked={selected}
      aria-label={label}
      tabIndex={0}
      onClick={onPick}
      onKeyDown={(e) => { if (e.key === 'Enter' || e.key === ' ') onPick(); }}
      style={{ ...THUMB, backgroundImage: `url("${url}")`, border: selected ? '2px solid #1677ff' : '1px solid #d9d9d9' }}
    >
      <Typography.Text style={{ fontSize: 12, background: 'rgba(255,255,255,.8)', padding: '0 4px', borderRadius: 3 }}>{label}</Typography.Text>
    </div>
  );
}

export function BackgroundField({ kind, value, onChange }: { kind: number; value?: BackgroundValue; onChange?: (v: BackgroundValue) => void }) {
  const { message } = App.useApp();
  const tenantId = Form.useWatch<string | undefined>('tenantId');
  const used = useQuery({ queryKey: ['notice', 'usedBackgrounds', kind, tenantId], queryFn: () => usedBackgrounds(kind, tenantId), refetchOnMount: 'always' });
  const chosenFile = value && 'fileId' in value ? value.fileId : null;
  // The chosen upload first, then the ones earlier notices used (选择现有的背景图片).
  const files = [...(value && 'fileId' in value ? [{ ...value, name: used.data?.find((f) => f.fileId === chosenFile)?.fileName ?? value.name }] : []), ...(used.data ?? []).filter((f) => f.fileId !== chosenFile).map((f) => ({ fileId: f.fileId, name: f.fileName }))];
  return (
    <Space direction="vertical">
      <Space wrap role="radiogroup" aria-label="背景图片">
        {NOTICE_BACKGROUNDS.map((b) => (
          <Thumb key={b.key} url={noticeBackgroundUrl(BASE_PATH, { backgroundKey: b.key })} label={b.label} selected={!!value && 'key' in value && value.key === b.key} onPick={() => onChange?.({ key: b.key })} />
        ))}
        {files.map((f) => (
          <Thumb key={f.fileId} url={noticeBackgroundUrl(BASE_PATH, { backgroundFileId: f.fileId })} label={f.name} selected={f.fileId === chosenFile} onPick={() => onChange?.(f)} />
        ))}
      </Space>
      <Upload
        accept={NOTICE_BACKGROUND_SUFFIXES.map((s) => `.${s}`).join(',')}
        showUploadList={false}
        beforeUpload={(f) => {
          const ok = NOTICE_BACKGROUND_SUFFIXES.includes(f.name.split('.').pop()?.toLowerCase() ?? '');
          if (!ok) void message.warning(NOTICE_BACKGROUND_TEXT.notImage);
          return ok || Upload.LIST_IGNORE;
        }}
        customRequest={({ file, onSuccess, onError }) => {
          const f = file as File;
          uploadFile(f, f.name, { control: null })
            .then((u) => { onChange?.({ fileId: String(u.fileId), name: f.name }); onSuccess?.(u); })
            .catch((e: Error) => { void message.error('上传失败'); onError?.(e); });
        }}
      >
        <Button>上传图片</Button>
      </Upload>
      <Typography.Text type="secondary">只能上传jpg/png文件</Typography.Text>
    </Space>
  );
}
