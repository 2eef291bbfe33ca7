import { useEffect, useMemo, useState } from 'react';
import { App, Button, Checkbox, Empty, Input, Modal, Space, Table, Typography } from 'antd';
import { DeleteOutlined, DownloadOutlined, FilePdfOutlined, PlusOutlined, PrinterOutlined, QrcodeOutlined } from '@ant-design/icons';
import { definitionOf, flattenControls, isSubTable, subTableChildren, subTablesOf, QR_LIST_KINDS, QR_TEXT, qrCodeConfProblem, type FormControl, type FormMeta, type QrCodeConf, type QrEntry, type QrField, type QrListKind } from '@park/core';
import { loadEntryCodes, loadQrCodeConf, qrSheetUrl, saveQrCodeConf, type QrEntryCode } from './api.ts';
import { RecordEntryFields } from './RecordEntryFields.tsx';
import { SubTableRules, type SubTableInfo } from './SubTableRules.tsx';

/** A column compared as a number (its definition's query kind), so 数据权限 offers = > < rather than 包含. */
function isNumeric(c: FormControl): boolean {
  const definition = definitionOf(c);
  const column = definition?.columns(c)[0];
  return !!definition && !!column && definition.queryKind(c, column).kind === 'number';
}

/** The form's sub-tables and their columns, for the 查看/编辑 entries' sub-table rules. */
function subTablesOfMeta(meta: FormMeta): SubTableInfo[] {
  return subTablesOf(meta).map((t) => ({
    subKey: String(t.model),
    name: String(t.name ?? t.model),
    fields: flattenControls(subTableChildren(t)).filter((c) => c.model).map((c) => ({ key: String(c.model), name: String(c.name ?? c.model), numeric: isNumeric(c) })),
  }));
}

const LIST_TITLES: Record<QrListKind, string> = { add: '新增填报', query: '查看数据', edit: '编辑数据' };

/** The PNG of a code, drawn in the browser (qrcode, loaded when needed). */
async function pngOf(address: string): Promise<string> {
  const qr = await import('qrcode');
  return qr.toDataURL(address, { width: 320, margin: 2, errorCorrectionLevel: 'M' });
}

function CodePreview({ code, formId, formName }: { code: QrEntryCode | undefined; formId: number; formName: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const address = code ? `${window.location.origin}${code.url}` : '';
  useEffect(() => {
    let live = true;
    if (address) void pngOf(address).then((u) => live && setSrc(u));
    return () => {
      live = false;
    };
  }, [address]);
  if (!code) return <Typography.Text type="secondary">保存后生成二维码</Typography.Text>;
  return (
    <Space direction="vertical" align="center">
      {src && <img src={src} width={160} height={160} alt={`${code.name}二维码`} data-testid="qr-entry-image" />}
      <Button size="small" icon={<DownloadOutlined />} disabled={!src} href={src ?? undefined} download={`${formName}-${code.name}.png`}>
        下载二维码
      </Button>
      {/* The server's A4 label (the code with the form's and the entry's names), for a printer. */}
      <Button size="small" icon={<FilePdfOutlined />} disabled={!code.isShow} href={qrSheetUrl(formId, { kind: code.kind, name: code.name })} download>
        下载PDF
      </Button>
    </Space>
  );
}

/** The fields of a 新增 entry: 预置 (with its value, `${参数}` from the code) and 只读. */
function AddFields({ entry, fields, onChange }: { entry: QrEntry; fields: { key: string; name: string }[]; onChange: (parent: QrField[]) => void }) {
  const byKey = new Map(entry.content.parent.map((f) => [f.key, f]));
  const set = (key: string, name: string, patch: Partial<QrField>) => {
    const next = fields.map((f) => byKey.get(f.key) ?? { name: f.name, key: f.key, preset: false, readOnly: false, value: '' });
    onChange(next.map((f) => (f.key === key ? { ...f, name, ...patch } : f)).filter((f) => f.preset || f.readOnly));
  };
  return (
    <Table
      size="small"
      rowKey="key"
      pagination={false}
      dataSource={fields}
      columns={[
        { title: '字段', dataIndex: 'name' },
        { title: '预置', render: (_, f) => <Checkbox aria-label={`${f.name}预置`} checked={byKey.get(f.key)?.preset === true} onChange={(e) => set(f.key, f.name, { preset: e.target.checked })} /> },
        { title: '预置值', render: (_, f) => <Input size="small" aria-label={`${f.name}预置值`} placeholder="固定值，或 ${参数名}" value={byKey.get(f.key)?.value ?? ''} onChange={(e) => set(f.key, f.name, { value: e.target.value })} /> },
        { title: '只读', render: (_, f) => <Checkbox aria-label={`${f.name}只读`} checked={byKey.get(f.key)?.readOnly === true} onChange={(e) => set(f.key, f.name, { readOnly: e.target.checked })} /> },
      ]}
    />
  );
}

/**
 * 二维码设置 (screens-round3 §6.1): the three lists, each entry's name, 显示 and (新增) presets, read-only
 * fields and 免登录填报, saved whole through saveQrCodeConf after the same checks the server makes.
 */
function QrCodeSettingDialog({ formId, formName, meta, onClose }: { formId: number; formName: string; meta: FormMeta; onClose: () => void }) {
  const { message, modal } = App.useApp();
  const [conf, setConf] = useState<QrCodeConf | null>(null);
  const [codes, setCodes] = useState<QrEntryCode[]>([]);
  const [picked, setPicked] = useState<{ kind: QrListKind; index: number }>({ kind: 'add', index: 0 });
  const fields = useMemo(() => flattenControls(meta).filter((c) => c.model && !isSubTable(c)).map((c) => ({ key: c.model!, name: c.name ?? c.model! })), [meta]);
  const subTables = useMemo(() => subTablesOfMeta(meta), [meta]);
  const refresh = () => Promise.all([loadQrCodeConf(formId), loadEntryCodes(formId)]).then(([c, k]) => (setConf(c), setCodes(k)));
  useEffect(() => {
    void refresh();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [formId]);

  const update = (kind: QrListKind, index: number, patch: Partial<QrEntry>) =>
    setConf((c) => c && { ...c, [kind]: c[kind].map((e, i) => (i === index ? { ...e, ...patch } : e)) });
  const addEntry = (kind: QrListKind) =>
    setConf((c) => c && { ...c, [kind]: [...c[kind], { name: `${LIST_TITLES[kind]}${c[kind].length + 1}`, isShow: true, content: { parent: [], childs: [] } }] });
  const removeEntry = (kind: QrListKind, index: number) => {
    setConf((c) => c && { ...c, [kind]: c[kind].filter((_, i) => i !== index) });
    setPicked({ kind: 'add', index: 0 });
  };
  const save = () => {
    if (!conf) return;
    const problem = qrCodeConfProblem(conf, formId, new Set(fields.map((f) => f.key)), new Map(subTables.map((t) => [t.subKey, new Set(t.fields.map((f) => f.key))])));
    if (problem) return void message.warning(problem);
    modal.confirm({
      title: QR_TEXT.confirmSave,
      onOk: async () => {
        await saveQrCodeConf(conf);
        message.success(QR_TEXT.saved);
        await refresh();
      },
    });
  };

  const entry = conf?.[picked.kind][picked.index];
  const code = entry && codes.find((c) => c.kind === picked.kind && c.name === entry.name);
  return (
    <Modal
      open
      title="二维码设置"
      width="60%"
      onCancel={onClose}
      onOk={save}
      okText="保存"
      cancelText="关闭"
      footer={(_, { OkBtn, CancelBtn }) => (
        <Space>
          <Button icon={<PrinterOutlined />} disabled={!codes.some((c) => c.isShow)} href={qrSheetUrl(formId)} download>
            打印全部（PDF）
          </Button>
          <CancelBtn />
          <OkBtn />
        </Space>
      )}
    >
      {!conf ? (
        <Empty description="加载中…" />
      ) : (
        <div style={{ display: 'flex', gap: 16 }}>
          <div style={{ width: 240 }}>
            {QR_LIST_KINDS.map((kind) => (
              <div key={kind} style={{ marginBottom: 12 }}>
                <Space style={{ justifyContent: 'space-between', width: '100%' }}>
                  <Typography.Text strong>{LIST_TITLES[kind]}</Typography.Text>
                  <Button size="small" type="text" icon={<PlusOutlined />} aria-label={`新增${LIST_TITLES[kind]}二维码`} onClick={() => addEntry(kind)} />
                </Space>
                {conf[kind].map((e, i) => (
                  <Space key={i} style={{ display: 'flex', padding: '2px 4px', background: picked.kind === kind && picked.index === i ? '#e6f4ff' : undefined }}>
                    <Checkbox aria-label={`显示${e.name}`} checked={e.isShow} onChange={(ev) => update(kind, i, { isShow: ev.target.checked })} />
                    <a onClick={() => setPicked({ kind, index: i })}>{e.name}</a>
                    {!e.isDefault && <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`删除${e.name}`} onClick={() => removeEntry(kind, i)} />}
                  </Space>
                ))}
              </div>
            ))}
          </div>
          {entry && (
            <div style={{ flex: 1 }}>
              <Space align="start" style={{ width: '100%', justifyContent: 'space-between' }}>
                <Space direction="vertical">
                  <Space>
                    名称:
                    <Input aria-label="二维码名称" value={entry.name} onChange={(e) => update(picked.kind, picked.index, { name: e.target.value })} />
                  </Space>
                  {picked.kind === 'add' && (
                    <Checkbox checked={entry.anonymous === true} onChange={(e) => update(picked.kind, picked.index, { anonymous: e.target.checked })}>
                      免登录填报
                    </Checkbox>
                  )}
                  <Button size="small" onClick={() => update(picked.kind, picked.index, { tokenId: undefined })}>
                    重新生成（旧二维码失效）
                  </Button>
                </Space>
                <CodePreview key={code?.token ?? 'none'} code={code} formId={formId} formName={formName} />
              </Space>
              {picked.kind === 'add' && <AddFields entry={entry} fields={fields} onChange={(parent) => update('add', picked.index, { content: { ...entry.content, parent } })} />}
              {picked.kind !== 'add' && <RecordEntryFields formId={formId} kind={picked.kind} entry={entry} fields={fields} onChange={(patch) => update(picked.kind, picked.index, patch)} />}
              {picked.kind !== 'add' && (
                <SubTableRules kind={picked.kind} entry={entry} subTables={subTables} onChange={(childs) => update(picked.kind, picked.index, { content: { ...entry.content, childs } })} />
              )}
            </div>
          )}
        </div>
      )}
    </Modal>
  );
}

/** 二维码设置 in the designer's toolbar (issue 39). */
export function QrCodeSettingButton({ formId, formName, meta }: { formId: number; formName: string; meta: FormMeta }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<QrcodeOutlined />} onClick={() => setOpen(true)}>
        二维码设置
      </Button>
      {open && <QrCodeSettingDialog formId={formId} formName={formName} meta={meta} onClose={() => setOpen(false)} />}
    </>
  );
}
