import { useState } from 'react';
import { App, Button, Card, Checkbox, Empty, Input, InputNumber, Modal, Select, Space, Table, Tabs, TimePicker } from 'antd';
import { BellOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { checkFormSet, emptyFormSet, flattenControls, type CondRemind, type FormMeta, type FormRemind, type FormSet, type RemindCond } from '@park/core';
import { errorMessage } from '../../lib/http.ts';
import { listUser } from '../system/api.ts';
import { queryFormSet, queryRemindLog, saveFormRemindSet } from './api.ts';

const WEEK = ['星期天', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'].map((label, i) => ({ value: String(i + 1), label }));
const MONTH = Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: `${i + 1} 日` }));
const DATE_TYPES = [
  ['monthAgo', '月前'], ['weekAgo', '周前'], ['dayAgo', '天前'], ['theDay', '当天'], ['monthAfter', '月后'], ['weekAfter', '周后'], ['dayAfter', '天后'],
].map(([value, label]) => ({ value: value!, label: label! }));
const MATCH = [
  ['$eq', '精确匹配'], ['$like', '包含'], ['$nlike', '不包含'], ['$neq', '不匹配'], ['$hlike', '开头是'], ['$null', '为空'], ['$notnull', '不为空'], ['$gt', '大于'], ['$lt', '小于'],
].map(([value, label]) => ({ value: value!, label: label! }));

const blankRecipient = () => ({ type: 0, role: [], person: [], model: '', orgAndRole: [], dyncUserAndRole: [], dyncOrgAndRole: [], conditions: [] });
const newFormRemind = (): FormRemind => ({ recipient: blankRecipient(), defaultRecipient: [], remind: { remindType: 'day', remindDay: [], remindTime: '09:00', remindWay: ['1'] } });
const newCond = (): RemindCond => ({ key: '', type: '', dataType: '', condType: '3', conds: [], dateCond: { type: 'dayAfter', count: 30 } });
const newCondRemind = (): CondRemind => ({
  recipient: blankRecipient(),
  defaultRecipient: [],
  remind: { remindWay: ['1'], condType: '1', condRelative: 'and', title: '', content: '', period: { type: 'day', count: 1 }, cond: [newCond()] },
});

/** 默认接收人: people picked by name (the original's selectPeople). */
function PeoplePicker({ value, onChange }: { value: FormRemind['defaultRecipient']; onChange(v: FormRemind['defaultRecipient']): void }) {
  const users = useQuery({ queryKey: ['remind-users'], queryFn: ({ signal }) => listUser({ pageNum: 1, pageSize: 200, status: 0 }, signal) });
  return (
    <Select
      mode="multiple"
      aria-label="默认接收人"
      placeholder="添加默认接收人"
      style={{ minWidth: 320 }}
      optionFilterProp="label"
      value={value.map((p) => String(p.id))}
      options={(users.data?.rows ?? []).map((u) => ({ value: String(u.id), label: u.realName || u.username }))}
      onChange={(ids: string[], opts) => onChange(ids.map((id, i) => ({ id: Number(id), name: (Array.isArray(opts) ? opts[i]?.label : '') as string })))}
    />
  );
}

function Ways({ value, mail, onChange }: { value: string[]; mail: boolean; onChange(v: string[]): void }) {
  return (
    <Checkbox.Group
      value={value}
      onChange={(v) => onChange(v as string[])}
      options={[
        { value: '1', label: '系统推送' },
        { value: '2', label: '短信提醒' },
        { value: '3', label: mail ? '邮件提醒' : '邮件提醒（未配置邮件服务）', disabled: !mail },
      ]}
    />
  );
}

/** 提醒设置 (issue 39, screens-round3 §6.2): 定时填报提醒, 数据提醒 and the send log. */
export function RemindSetDialog({ formId, meta, onClose }: { formId: number; meta: FormMeta; onClose(): void }) {
  const { message } = App.useApp();
  const loaded = useQuery({ queryKey: ['form-remind-set', formId], queryFn: ({ signal }) => queryFormSet(formId, signal), gcTime: 0 });
  const log = useQuery({ queryKey: ['form-remind-log', formId], queryFn: ({ signal }) => queryRemindLog(formId, signal), gcTime: 0 });
  // The user's edits; until the first one, the saved settings as loaded.
  const [edited, setEdited] = useState<FormSet | null>(null);
  const [saving, setSaving] = useState(false);
  const saved: FormSet = loaded.data ? { ...emptyFormSet(), ...(JSON.parse(loaded.data.data.formSet) as FormSet) } : emptyFormSet();
  const set = edited ?? saved;
  const setSet = (change: (s: FormSet) => FormSet) => setEdited((prev) => change(prev ?? saved));
  const mail = loaded.data?.mailConfigured ?? false;
  const fields = flattenControls(meta).filter((c) => c.model).map((c) => ({ value: c.model, label: c.name || c.model }));
  const patchForm = (i: number, f: FormRemind) => setSet((s) => ({ ...s, formRemind: s.formRemind.map((x, j) => (j === i ? f : x)) }));
  const patchCond = (i: number, c: CondRemind) => setSet((s) => ({ ...s, condRemind: s.condRemind.map((x, j) => (j === i ? c : x)) }));

  const save = async () => {
    const problem = checkFormSet(set, { mailConfigured: mail });
    if (problem) return void message.warning(problem);
    setSaving(true);
    try {
      await saveFormRemindSet(loaded.data?.data.id ?? null, formId, set);
      void message.success('保存成功');
      onClose();
    } catch (err) {
      void message.error(errorMessage(err, '保存失败'));
    } finally {
      setSaving(false);
    }
  };

  const formTab = (
    <Space direction="vertical" style={{ width: '100%' }}>
      {set.formRemind.length === 0 && <Empty description="暂无定时填报提醒" />}
      {set.formRemind.map((f, i) => (
        <Card key={i} size="small" title={`提醒方式${i + 1}`} extra={<a onClick={() => setSet((s) => ({ ...s, formRemind: s.formRemind.filter((_, j) => j !== i) }))}>删除</a>}>
          <Space direction="vertical">
            <Space>接收人：<PeoplePicker value={f.defaultRecipient} onChange={(v) => patchForm(i, { ...f, defaultRecipient: v })} /></Space>
            <Space>
              提醒方式：
              <Select aria-label="提醒方式" style={{ width: 100 }} value={f.remind.remindType} onChange={(v) => patchForm(i, { ...f, remind: { ...f.remind, remindType: v, remindDay: [] } })}
                options={[{ value: 'day', label: '每天' }, { value: 'week', label: '每周' }, { value: 'mouth', label: '每月' }]} />
              {f.remind.remindType !== 'day' && (
                <Select mode="multiple" aria-label="提醒日期" style={{ minWidth: 200 }} value={f.remind.remindDay.map(String)} options={f.remind.remindType === 'week' ? WEEK : MONTH}
                  onChange={(v: string[]) => patchForm(i, { ...f, remind: { ...f.remind, remindDay: v } })} />
              )}
            </Space>
            <Space>提醒时间：<TimePicker format="HH:mm" allowClear={false} value={dayjs(`2000-01-01 ${f.remind.remindTime}`)} onChange={(t) => patchForm(i, { ...f, remind: { ...f.remind, remindTime: (t ?? dayjs('2000-01-01 09:00')).format('HH:mm') } })} /></Space>
            <Ways value={f.remind.remindWay} mail={mail} onChange={(v) => patchForm(i, { ...f, remind: { ...f.remind, remindWay: v as FormRemind['remind']['remindWay'] } })} />
          </Space>
        </Card>
      ))}
      <Button icon={<PlusOutlined />} onClick={() => setSet((s) => ({ ...s, formRemind: [...s.formRemind, newFormRemind()] }))}>添加定时填报提醒</Button>
    </Space>
  );

  const condRow = (c: CondRemind, i: number, cond: RemindCond, k: number) => {
    const setCond = (n: RemindCond) => patchCond(i, { ...c, remind: { ...c.remind, cond: c.remind.cond.map((x, j) => (j === k ? n : x)) } });
    return (
      <Space key={k} wrap>
        <Select aria-label="条件字段" placeholder="请选择字段" style={{ width: 160 }} value={cond.key || undefined} options={fields} onChange={(v) => setCond({ ...cond, key: v })} />
        <Select aria-label="条件类型" style={{ width: 110 }} value={cond.condType || '0'} onChange={(v) => setCond({ ...cond, condType: v, conds: v === '3' ? [] : [{ matchType: '$eq', value: '' }] })}
          options={[{ value: '0', label: '单条件' }, { value: '3', label: '日期条件' }]} />
        {cond.condType === '3' ? (
          <>
            {cond.dateCond?.type !== 'theDay' && <InputNumber aria-label="天数" min={0} value={Number(cond.dateCond?.count ?? 0)} onChange={(v) => setCond({ ...cond, dateCond: { type: cond.dateCond?.type ?? 'dayAfter', count: v ?? 0 } })} />}
            <Select aria-label="日期条件" style={{ width: 90 }} value={cond.dateCond?.type} options={DATE_TYPES} onChange={(v) => setCond({ ...cond, dateCond: { count: cond.dateCond?.count ?? 0, type: v } })} />
          </>
        ) : (
          <>
            <Select aria-label="匹配方式" style={{ width: 110 }} value={cond.conds[0]?.matchType ?? '$eq'} options={MATCH} onChange={(v) => setCond({ ...cond, conds: [{ matchType: v, value: cond.conds[0]?.value ?? '' }] })} />
            <Input aria-label="条件值" style={{ width: 160 }} value={String(cond.conds[0]?.value ?? '')} onChange={(e) => setCond({ ...cond, conds: [{ matchType: cond.conds[0]?.matchType ?? '$eq', value: e.target.value }] })} />
          </>
        )}
        <a onClick={() => patchCond(i, { ...c, remind: { ...c.remind, cond: c.remind.cond.filter((_, j) => j !== k) } })}>删除条件</a>
      </Space>
    );
  };

  const condTab = (
    <Space direction="vertical" style={{ width: '100%' }}>
      {set.condRemind.length === 0 && <Empty description="暂无数据提醒" />}
      {set.condRemind.map((c, i) => (
        <Card key={i} size="small" title={`数据提醒${i + 1}`} extra={<a onClick={() => setSet((s) => ({ ...s, condRemind: s.condRemind.filter((_, j) => j !== i) }))}>删除</a>}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Space>默认接收人：<PeoplePicker value={c.defaultRecipient} onChange={(v) => patchCond(i, { ...c, defaultRecipient: v })} /></Space>
            <Tabs size="small" activeKey={c.remind.condType} onChange={(k) => patchCond(i, { ...c, remind: { ...c.remind, condType: k as '1' | '2' } })}
              items={[{ key: '1', label: '普通条件' }, { key: '2', label: '周期条件' }]} />
            <Space>
              条件关系：
              <Select aria-label="条件关系" style={{ width: 90 }} value={c.remind.condRelative} options={[{ value: 'and', label: 'AND' }, { value: 'or', label: 'OR' }]} onChange={(v) => patchCond(i, { ...c, remind: { ...c.remind, condRelative: v } })} />
            </Space>
            {c.remind.cond.map((cond, k) => condRow(c, i, cond, k))}
            <Button size="small" icon={<PlusOutlined />} onClick={() => patchCond(i, { ...c, remind: { ...c.remind, cond: [...c.remind.cond, newCond()] } })}>添加字段</Button>
            {c.remind.condType === '2' && (
              <Space>
                提醒周期：每
                <InputNumber aria-label="提醒周期" min={1} max={366} value={Number(c.remind.period?.count ?? 1)} onChange={(v) => patchCond(i, { ...c, remind: { ...c.remind, period: { type: c.remind.period?.type ?? 'day', count: v ?? 1 } } })} />
                <Select aria-label="周期单位" style={{ width: 70 }} value={c.remind.period?.type ?? 'day'} options={[{ value: 'day', label: '天' }, { value: 'month', label: '月' }]} onChange={(v) => patchCond(i, { ...c, remind: { ...c.remind, period: { count: c.remind.period?.count ?? 1, type: v } } })} />
              </Space>
            )}
            <Input addonBefore="提醒标题" placeholder="可用 ${字段} 引用记录的值" value={c.remind.title} onChange={(e) => patchCond(i, { ...c, remind: { ...c.remind, title: e.target.value } })} />
            <Input.TextArea aria-label="提醒内容" placeholder="提醒内容，可用 ${字段}" value={c.remind.content} onChange={(e) => patchCond(i, { ...c, remind: { ...c.remind, content: e.target.value } })} />
            <Ways value={c.remind.remindWay} mail={mail} onChange={(v) => patchCond(i, { ...c, remind: { ...c.remind, remindWay: v as CondRemind['remind']['remindWay'] } })} />
          </Space>
        </Card>
      ))}
      <Button icon={<PlusOutlined />} onClick={() => setSet((s) => ({ ...s, condRemind: [...s.condRemind, newCondRemind()] }))}>添加数据提醒</Button>
    </Space>
  );

  const logTab = (
    <Table<import('./api.ts').RemindLogRow>
      size="small"
      rowKey="id"
      loading={log.isLoading}
      dataSource={log.data?.datas ?? []}
      pagination={false}
      columns={[
        { title: '时间', dataIndex: 'createTime', render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
        { title: '提醒', dataIndex: 'title' },
        { title: '接收人', dataIndex: 'receiverName' },
        { title: '渠道', dataIndex: 'channel' },
        { title: '结果', dataIndex: 'result' },
      ]}
    />
  );

  return (
    <Modal open title="提醒设置" width="70%" onCancel={onClose} onOk={save} okText="保存" cancelText="取消" confirmLoading={saving} destroyOnHidden>
      <Tabs items={[{ key: 'form', label: '定时填报提醒设置', children: formTab }, { key: 'cond', label: '数据提醒设置', children: condTab }, { key: 'log', label: '提醒记录', children: logTab }]} />
    </Modal>
  );
}

/** The designer's 提醒设置 button: one line in the toolbar opens this dialog. */
export function RemindSetButton({ formId, meta }: { formId: number; meta: FormMeta }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<BellOutlined />} onClick={() => setOpen(true)}>提醒设置</Button>
      {open && <RemindSetDialog formId={formId} meta={meta} onClose={() => setOpen(false)} />}
    </>
  );
}
