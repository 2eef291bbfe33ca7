import { useState } from 'react';
import { App, Button, ColorPicker, ConfigProvider, Form, Input, InputNumber, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { THEME_LIMITS, THEME_TEXT, THEME_TYPE_ALL, THEME_TYPES, themeProblem, type ThemeMeta, type ThemeType } from '@park/core';
import { EditModal, useEditDialog } from '../../../lib/EditModal.tsx';
import { ListPage, tableLocale } from '../../../lib/ListPage.tsx';
import { addTheme, deleteTheme, forgetTheme, parseThemeMeta, queryThemeByType, THEME_QUERY_KEY, themeConfigOf, type ThemeRow } from '../../../lib/themes.ts';
import { settled } from '../common.tsx';
import { PlatformDefaultTheme } from './PlatformDefaultTheme.tsx';
import '../system.css';

/* 主题 (screens-round3 §5.1, issue 40): the themes designers saved, by type; delete; and a dialog to add one. */

const TYPE_OPTIONS = [
  { value: THEME_TYPE_ALL, label: '全部' },
  ...Object.entries(THEME_TYPES).map(([value, label]) => ({ value: Number(value), label })),
];

interface ThemeForm {
  themeName: string;
  type: ThemeType;
  colorPrimary: string;
  colorBgContainer?: string;
  colorText?: string;
  borderRadius: number;
  fontSize: number;
}

const metaOf = (v: Partial<ThemeForm>): ThemeMeta => ({
  colorPrimary: v.colorPrimary ?? '',
  ...(v.colorBgContainer ? { colorBgContainer: v.colorBgContainer } : {}),
  ...(v.colorText ? { colorText: v.colorText } : {}),
  borderRadius: v.borderRadius ?? NaN,
  fontSize: v.fontSize ?? NaN,
});

function Swatches({ meta }: { meta: ThemeMeta | null }) {
  if (!meta) return null;
  return (
    <Space size={4}>
      {[meta.colorPrimary, meta.colorBgContainer, meta.colorText].filter(Boolean).map((c) => (
        <span key={c} className="theme-swatch" style={{ background: c }} title={c} />
      ))}
      <Tag>圆角 {meta.borderRadius}</Tag>
      <Tag>字号 {meta.fontSize}</Tag>
    </Space>
  );
}

function ThemeDialog({ onClose }: { onClose: () => void }) {
  const dialog = useEditDialog({
    save: (v: ThemeForm) => addTheme({ themeName: v.themeName.trim(), type: v.type, themeMeta: metaOf(v) }),
    onClose,
    refresh: [THEME_QUERY_KEY],
    savedText: THEME_TEXT.saved,
  });
  const values = Form.useWatch([], dialog.form) as Partial<ThemeForm> | undefined;
  const preview = values && !themeProblem('预览', 0, metaOf(values)) ? themeConfigOf(metaOf(values)) : undefined;
  const hex = (c: { toHexString(): string }) => c.toHexString().slice(0, 7);
  // The server's rules (core themeProblem), each message shown under the field it is about.
  const check = (message: string) => ({
    validator: async () => {
      if (themeProblem('预览', 0, metaOf(dialog.form.getFieldsValue())) === message) throw new Error(message);
    },
  });
  return (
    <EditModal<ThemeForm>
      title="新增主题"
      {...dialog}
      name="theme"
      layout="vertical"
      initialValues={{ type: 0, colorPrimary: '#1d4ed8', borderRadius: 6, fontSize: 14 }}
    >
      <Form.Item label="主题名称" name="themeName" rules={[{ required: true, whitespace: true, message: THEME_TEXT.nameRequired }, { max: THEME_LIMITS.nameMax, message: THEME_TEXT.nameTooLong }]}>
        <Input maxLength={THEME_LIMITS.nameMax + 10} />
      </Form.Item>
      <Form.Item label="主题类型" name="type" rules={[{ required: true, message: THEME_TEXT.typeRequired }]}>
        <Select aria-label="主题类型" options={TYPE_OPTIONS.filter((o) => o.value !== THEME_TYPE_ALL)} />
      </Form.Item>
      <Space size="large" wrap>
        <Form.Item label="主色" name="colorPrimary" getValueFromEvent={hex} rules={[check(THEME_TEXT.colorInvalid)]}>
          <ColorPicker showText aria-label="主色" presets={[{ label: '推荐', colors: ['#d9001b', '#f59a23', '#d4a017', '#02a7f0', '#1d4ed8', '#16a34a'] }]} />
        </Form.Item>
        <Form.Item label="背景色" name="colorBgContainer" getValueFromEvent={hex}>
          <ColorPicker showText allowClear aria-label="背景色" />
        </Form.Item>
        <Form.Item label="文字颜色" name="colorText" getValueFromEvent={hex}>
          <ColorPicker showText allowClear aria-label="文字颜色" />
        </Form.Item>
      </Space>
      <Space size="large" wrap>
        <Form.Item label="圆角(px)" name="borderRadius" rules={[check(THEME_TEXT.radiusInvalid)]}>
          <InputNumber aria-label="圆角" precision={0} />
        </Form.Item>
        <Form.Item label="字号(px)" name="fontSize" rules={[check(THEME_TEXT.fontSizeInvalid)]}>
          <InputNumber aria-label="字号" precision={0} />
        </Form.Item>
      </Space>
      <Form.Item label="预览">
        <ConfigProvider theme={preview}>
          <div className="theme-preview" style={{ background: values?.colorBgContainer || undefined }}>
            <Space>
              <Input placeholder="输入框" style={{ width: 160 }} />
              <Button type="primary">主要按钮</Button>
              <Button>次要按钮</Button>
            </Space>
          </div>
        </ConfigProvider>
      </Form.Item>
    </EditModal>
  );
}

export function ThemePage() {
  const { modal, message } = App.useApp();
  const [type, setType] = useState<number>(THEME_TYPE_ALL);
  const [page, setPage] = useState({ num: 1, size: 10 });
  const [adding, setAdding] = useState(false);
  const query = { pageNum: page.num, pageSize: page.size, ...(type === THEME_TYPE_ALL ? {} : { type: type as ThemeType }) };
  const themes = useQuery({ queryKey: [...THEME_QUERY_KEY, 'list', query], queryFn: ({ signal }) => queryThemeByType(query, signal) });
  const remove = (row: ThemeRow) =>
    modal.confirm({
      title: '提示',
      content: THEME_TEXT.deleteConfirm,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        if (await settled(() => deleteTheme(row.id))) {
          forgetTheme(row.id);
          void message.success(THEME_TEXT.deleted);
          await themes.refetch();
        } else void message.error(THEME_TEXT.deleteFailed);
      },
    });
  const columns: TableColumnsType<ThemeRow> = [
    { title: '主题名称', dataIndex: 'themeName' },
    { title: '主题类型', dataIndex: 'type', width: 120, render: (v: ThemeType) => THEME_TYPES[v] ?? '' },
    { title: '样式', key: 'meta', render: (_: unknown, r) => <Swatches meta={parseThemeMeta(r.themeMeta)} /> },
    {
      title: '操作',
      key: 'op',
      width: 100,
      render: (_: unknown, r) => (
        <Button type="link" danger size="small" onClick={() => remove(r)}>
          删除
        </Button>
      ),
    },
  ];
  return (
    <ListPage
      title="主题"
      extra={
        <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setAdding(true)}>
          新增
        </Button>
      }
    >
      <PlatformDefaultTheme />
      <Form layout="inline" className="admin-filter">
        <Form.Item label="主题类型">
          <Select
            aria-label="主题类型"
            style={{ width: 160 }}
            value={type}
            options={TYPE_OPTIONS}
            onChange={(v: number) => {
              setType(v);
              setPage((p) => ({ ...p, num: 1 }));
            }}
          />
        </Form.Item>
      </Form>
      <Table<ThemeRow>
        rowKey="id"
        size="middle"
        className="theme-table"
        columns={columns}
        dataSource={themes.data?.datas ?? []}
        loading={themes.isFetching}
        locale={tableLocale}
        pagination={{
          current: page.num,
          pageSize: page.size,
          total: themes.data?.totalCount ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 30, 50, 100],
          onChange: (num, size) => setPage({ num, size }),
        }}
      />
      {adding && <ThemeDialog onClose={() => setAdding(false)} />}
    </ListPage>
  );
}
