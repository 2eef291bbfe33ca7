import { useMemo, useState } from 'react';
import { Button, Input, Select } from 'antd';
import { MobileOutlined } from '@ant-design/icons';
import {
  APP_SLOT_LABEL,
  APP_SLOTS,
  listColumnChoices,
  normalizeAppSettings,
  SINGLE_ENTRY_SLOTS,
  type AppCondition,
  type AppEnumCondition,
  type AppSensorSettings,
  type AppSlot,
  type AppSlotEntry,
  type ColumnChoice,
  type FormMeta,
} from '@park/core';
import { RowList } from '../listSettings/RowList.tsx';
import { AppPreviewDialog } from './AppPreview.tsx';
import './appList.css';

export interface AppListSettingsProps {
  formId: number;
  meta: FormMeta;
  onChange(next: AppSensorSettings): void;
}

function FieldSelect({ choices, value, onChange, label }: { choices: readonly ColumnChoice[]; value: string; onChange(key: string): void; label: string }) {
  return (
    <Select
      aria-label={label}
      placeholder="选择字段"
      style={{ width: 150 }}
      showSearch={{ optionFilterProp: 'label' }}
      value={value || undefined}
      onChange={onChange}
      options={choices.map((c) => ({ value: c.key, label: c.label }))}
    />
  );
}

const SLOT_HINT: Record<AppSlot, string> = {
  title: '卡片标题（一个字段）',
  rightTop: '标题右侧（一个字段）',
  cols: '内容行：名称（别名）：值',
  leftBottom: '底部左侧（一个字段）',
  rightBottom: '底部右侧（一个字段）',
};

const entryOf = (c: ColumnChoice): AppSlotEntry => ({ key: c.key, name: c.label, alias: '', format: { prefix: '', suffix: '' } });

/**
 * 移动端列表 (issue 37; screens-round3 §2.6): the mobile list's appSensorSettings — the card
 * slots with their fields and prefix/suffix, the search fields with the box's placeholder, the
 * enum conditions shown as tabs — and 手机预览, the 375×670 phone frame filled by
 * previewQueryAppFormData. Saved with the design (meta.appSensorSettings, ADR 0046).
 */
export function AppListSettings({ formId, meta, onChange }: AppListSettingsProps) {
  const settings = useMemo(() => normalizeAppSettings(meta.appSensorSettings, meta), [meta]);
  const choices = useMemo(() => listColumnChoices(meta), [meta]);
  const enumChoices = useMemo(() => choices.filter((c) => Array.isArray(c.control?.options?.options) && c.control.options.options.length > 0), [choices]);
  const [preview, setPreview] = useState(false);
  const first = choices[0];
  const setSlot = (slot: AppSlot, entries: AppSlotEntry[]) => onChange({ ...settings, tableItem: { ...settings.tableItem, [slot]: entries } });
  const setQuery = (patch: Partial<AppSensorSettings['queryCondition']>) => onChange({ ...settings, queryCondition: { ...settings.queryCondition, ...patch } });
  const pick = (key: string) => choices.find((c) => c.key === key);

  return (
    <div className="al-editor" data-testid="app-list-settings">
      <div className="al-head">
        <span className="al-hint">手机上的列表卡片与查询</span>
        <Button size="small" icon={<MobileOutlined aria-hidden="true" />} onClick={() => setPreview(true)}>
          手机预览
        </Button>
      </div>
      {APP_SLOTS.map((slot) => {
        const entries = settings.tableItem[slot];
        const single = SINGLE_ENTRY_SLOTS.has(slot);
        return (
          <section className="al-section" key={slot} data-testid={`app-slot-${slot}`}>
            <div className="al-section-head">
              {APP_SLOT_LABEL[slot]} <span className="al-hint">{SLOT_HINT[slot]}</span>
            </div>
            <RowList<AppSlotEntry>
              items={entries}
              onChange={(next) => setSlot(slot, next)}
              rowLabel={(e) => `${APP_SLOT_LABEL[slot]} ${e.name}`}
              empty="未设置"
              addLabel="添加字段"
              onAdd={first && !(single && entries.length >= 1) ? () => setSlot(slot, [...entries, entryOf(first)]) : undefined}
              renderRow={(e, _i, set) => (
                <div className="al-row">
                  <FieldSelect choices={choices} label={`${APP_SLOT_LABEL[slot]}字段`} value={e.key} onChange={(key) => set({ ...e, key, name: pick(key)?.label ?? key })} />
                  {slot === 'cols' && <Input size="small" aria-label="别名" placeholder="别名" style={{ width: 90 }} value={e.alias} onChange={(ev) => set({ ...e, alias: ev.target.value })} />}
                  <Input size="small" aria-label="前缀" placeholder="前缀" style={{ width: 70 }} value={e.format.prefix} onChange={(ev) => set({ ...e, format: { ...e.format, prefix: ev.target.value } })} />
                  <Input size="small" aria-label="后缀" placeholder="后缀" style={{ width: 70 }} value={e.format.suffix} onChange={(ev) => set({ ...e, format: { ...e.format, suffix: ev.target.value } })} />
                </div>
              )}
            />
          </section>
        );
      })}
      <section className="al-section">
        <div className="al-section-head">
          搜索条件 <span className="al-hint">有搜索字段时列表上方显示搜索框，按关键字模糊匹配任一字段</span>
        </div>
        <Input aria-label="搜索框提示" placeholder="搜索框提示，如：请输入车牌号" value={settings.queryCondition.placeholder} onChange={(ev) => setQuery({ placeholder: ev.target.value })} style={{ marginBottom: 8 }} />
        <RowList<AppCondition>
          items={settings.queryCondition.conditions}
          onChange={(conditions) => setQuery({ conditions })}
          rowLabel={(c) => `搜索字段 ${c.name}`}
          empty="未设置"
          addLabel="添加搜索字段"
          onAdd={first ? () => setQuery({ conditions: [...settings.queryCondition.conditions, { key: first.key, name: first.label }] }) : undefined}
          renderRow={(c, _i, set) => <FieldSelect choices={choices} label="搜索字段" value={c.key} onChange={(key) => set({ key, name: pick(key)?.label ?? key })} />}
        />
      </section>
      <section className="al-section">
        <div className="al-section-head">
          枚举条件 <span className="al-hint">以标签页筛选，选项取自字段</span>
        </div>
        <RowList<AppEnumCondition>
          items={settings.queryCondition.enumConditions}
          onChange={(enumConditions) => setQuery({ enumConditions })}
          rowLabel={(c) => `枚举条件 ${c.name}`}
          empty="未设置"
          addLabel="添加枚举条件"
          onAdd={enumChoices[0] ? () => setQuery({ enumConditions: [...settings.queryCondition.enumConditions, { key: enumChoices[0]!.key, name: enumChoices[0]!.label, options: [] }] }) : undefined}
          renderRow={(c, _i, set) => <FieldSelect choices={enumChoices} label="枚举字段" value={c.key} onChange={(key) => set({ key, name: pick(key)?.label ?? key, options: [] })} />}
        />
      </section>
      {preview && <AppPreviewDialog formId={formId} meta={meta} settings={settings} onClose={() => setPreview(false)} />}
    </div>
  );
}
