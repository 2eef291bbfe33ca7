import { useState } from 'react';
import { App, Button, Form, Image, Select, Space, Upload } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { ICON_MAX_BYTES, splitTags } from '@park/core';
import { renderMenuIcon } from '../../lib/menuIconSet.tsx';
import { uploadFile } from '../../controls/common/files.ts';
import { listParkForms } from './api.ts';
import './micro.css';

/* Pieces the three catalogue screens and the workbench editor share. */

/** A micro-app's coloured font icon (图标设置: a glyph of the menu icon set on one of five colours). */
export function AppIcon({ iconName, color, size = 40 }: { iconName: string | null | undefined; color: string | null | undefined; size?: number }) {
  return (
    <span className="micro-app-icon" style={{ width: size, height: size, background: color || '#409EFF', fontSize: size * 0.5 }} aria-hidden="true">
      {renderMenuIcon(iconName)}
    </span>
  );
}

/** 标签 as the original shows them: split on ",", joined "、". */
export const tagText = (tag: string | null | undefined) => splitTags(tag).join('、');

export const imageUrl = (fileId: string | number) => `/api/file/image/${fileId}`;

/** The logo upload: jpg/png up to 5M (the server checks the content again). Value: the fileId. */
export function IconUpload({ value, onChange }: { value?: string | null; onChange?: (v: string | null) => void }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  return (
    <Space>
      {value ? <Image src={imageUrl(value)} width={48} height={48} alt="图标" preview={false} /> : null}
      <Upload
        accept=".jpg,.jpeg,.png"
        showUploadList={false}
        customRequest={({ file, onSuccess, onError }) => {
          const f = file as File;
          if (!/\.(jpe?g|png)$/i.test(f.name)) {
            void message.error('只能上传jpg/png文件');
            onError?.(new Error('type'));
            return;
          }
          if (f.size > ICON_MAX_BYTES) {
            void message.error('上传文件大小不能超过 5M');
            onError?.(new Error('size'));
            return;
          }
          setBusy(true);
          uploadFile(f, f.name, { control: null, image: true })
            .then((u) => {
              onChange?.(String(u.fileId));
              onSuccess?.(u);
            })
            .catch((e: Error) => onError?.(e))
            .finally(() => setBusy(false));
        }}
      >
        <Button icon={<PlusOutlined />} loading={busy}>
          上传图标
        </Button>
      </Upload>
      {value ? (
        <Button type="link" onClick={() => onChange?.(null)}>
          清除
        </Button>
      ) : null}
    </Space>
  );
}

/** 标签: a tag input ("请添加标签"), kept comma joined. */
export function TagInput({ id, value, onChange }: { id?: string; value?: string | null; onChange?: (v: string) => void }) {
  return (
    <Select
      id={id}
      mode="tags"
      placeholder="请添加标签"
      value={splitTags(value)}
      onChange={(v: string[]) => onChange?.(v.join(','))}
      tokenSeparators={[',', '，']}
      open={false}
      suffixIcon={null}
    />
  );
}

/** A park form for a form or flow function. */
export function FormPicker({ id, value, onChange }: { id?: string; value?: string | null; onChange?: (v: string | null) => void }) {
  const [search, setSearch] = useState('');
  const { data = [], isFetching } = useQuery({ queryKey: ['micro', 'parkForms', search], queryFn: ({ signal }) => listParkForms(search || undefined, signal) });
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      allowClear
      placeholder="请选择表单"
      loading={isFetching}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      options={data.map((f) => ({ value: String(f.formId), label: f.formName }))}
    />
  );
}

/** The query bar's form with 查询 / 重置 and the page's own buttons. */
export function QueryBar<V extends object>({ onQuery, children, actions }: { onQuery: (v: V) => void; children: React.ReactNode; actions: React.ReactNode }) {
  const [form] = Form.useForm<V>();
  return (
    <Form<V> form={form} layout="inline" className="micro-query" onFinish={onQuery}>
      {children}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onQuery({} as V);
            }}
          >
            重置
          </Button>
          {actions}
        </Space>
      </Form.Item>
    </Form>
  );
}
