import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Form, Input, InputNumber, Radio, Select, Space, Switch, Tag, Upload } from 'antd';
import { LinkOutlined, UploadOutlined } from '@ant-design/icons';
import {
  defaultResultColumns,
  FUNCTION_BUTTON_NAME,
  mappingFromText,
  mappingToText,
  matchTypesFor,
  MATCH_TYPE_LABEL,
  MAX_COLUMN_COUNT,
  MAX_SHEET_POSITION,
  MIN_COLUMN_COUNT,
  normalizeJumpInfo,
  ROW_BUTTON_NAME,
  standardButtons,
  URL_TYPE_LABEL,
  type ButtonSetting,
  type ColumnChoice,
  type ExportRuleSetting,
  type ExportSettingsValue,
  type FormMeta,
  type ImportSettingsValue,
  type JumpInfo,
  type NormalizedSensorSettings,
  type QueryConditionSetting,
  type ResultColumnSetting,
  type SheetColumnSetting,
} from '@park/core';
import { uploadFile } from '../../../controls/common/files.ts';
import { JumpEditor } from './JumpEditor.tsx';
import { RowList } from './RowList.tsx';

/** What every pane gets: the settings, a way to replace some of them, and the columns to pick from. */
export interface PaneProps {
  settings: NormalizedSensorSettings;
  update: (patch: Partial<NormalizedSensorSettings>) => void;
  choices: readonly ColumnChoice[];
  meta: FormMeta;
}

const fieldOptions = (choices: readonly ColumnChoice[]) => choices.map((c) => ({ value: c.key, label: `${c.label}（${c.key}）` }));

function FieldSelect({ choices, value, onChange, label }: { choices: readonly ColumnChoice[]; value: string; onChange: (key: string) => void; label: string }) {
  return (
    <Select
      aria-label={label}
      placeholder="选择字段"
      style={{ width: 200 }}
      showSearch={{ optionFilterProp: 'label' }}
      value={value || undefined}
      onChange={onChange}
      options={fieldOptions(choices)}
    />
  );
}

function Section({ title, hint, extra, children }: { title: string; hint?: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <section className="ls-section">
      <div className="ls-section-head">
        <span>
          {title} {hint && <span className="ls-hint">{hint}</span>}
        </span>
        {extra}
      </div>
      {children}
    </section>
  );
}

/** A jump's one-line summary and the button opening its editor. */
function JumpButton({ info, title, choices, onChange }: { info: JumpInfo | undefined; title: string; choices: readonly ColumnChoice[]; onChange: (next: JumpInfo) => void }) {
  const [open, setOpen] = useState(false);
  const urlType = Number(info?.urlType ?? 0) as 0 | 1 | 2 | 3;
  const target = info ? (Number(info.type) === 1 && urlType !== 3 ? `表单 ${String(info.formId ?? '')}` : String(info.url ?? '')) : '';
  return (
    <>
      <span className="ls-fixed">
        <Button size="small" icon={<LinkOutlined aria-hidden="true" />} onClick={() => setOpen(true)} aria-label={`配置跳转 ${title}`}>
          配置跳转
        </Button>{' '}
        <span className="ls-hint">{target ? `${URL_TYPE_LABEL[urlType]}：${target}` : '未配置'}</span>
      </span>
      {open && (
        <JumpEditor
          title={`跳转设置：${title}`}
          value={info}
          choices={choices}
          onCancel={() => setOpen(false)}
          onOk={(next) => {
            onChange(next);
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

export function QueryPane({ settings, update, choices }: PaneProps) {
  // A new condition takes the first column not yet filtered on.
  const next = choices.find((c) => !settings.queryConditions.some((q) => q.key === c.key)) ?? choices[0];
  return (
    <>
      <Section title="查询条件" hint="列表页顶部的筛选项；值为空的条件不参与查询">
        <RowList<QueryConditionSetting>
          testId="ls-conditions"
          items={settings.queryConditions}
          onChange={(queryConditions) => update({ queryConditions })}
          rowLabel={(c, i) => `查询条件 ${String(c.label || i + 1)}`}
          addLabel="添加查询条件"
          empty="尚未配置查询条件"
          onAdd={next ? () => update({ queryConditions: [...settings.queryConditions, { key: next.key, opt: matchTypesFor(next)[0], label: next.label }] }) : undefined}
          renderRow={(c, i, set) => {
            const choice = choices.find((x) => x.key === c.key);
            const ops = choice ? matchTypesFor(choice) : [];
            return (
              <>
                <FieldSelect
                  label={`查询字段 ${i + 1}`}
                  choices={choices}
                  value={String(c.key ?? '')}
                  onChange={(key) => {
                    const picked = choices.find((x) => x.key === key)!;
                    // A new field brings its own label (unless one was typed) and its natural match type.
                    const typed = c.label && c.label !== choice?.label;
                    set({ ...c, key, opt: matchTypesFor(picked)[0], label: typed ? c.label : picked.label });
                  }}
                />
                <Select
                  aria-label={`匹配方式 ${i + 1}`}
                  style={{ width: 130 }}
                  value={String(c.opt ?? '')}
                  onChange={(opt: string) => set({ ...c, opt })}
                  options={ops.map((o) => ({ value: o, label: MATCH_TYPE_LABEL[o], title: o }))}
                />
                <Input aria-label={`条件标签 ${i + 1}`} placeholder="标签" style={{ width: 160 }} value={String(c.label ?? '')} onChange={(e) => set({ ...c, label: e.target.value })} maxLength={30} />
              </>
            );
          }}
        />
      </Section>
      <Section title="查询区布局">
        <Space>
          <span>每行</span>
          <InputNumber
            aria-label="每行列数"
            min={MIN_COLUMN_COUNT}
            max={MAX_COLUMN_COUNT}
            precision={0}
            value={settings.queryLayout.columnCount}
            onChange={(v) => update({ queryLayout: { ...settings.queryLayout, columnCount: v ?? settings.queryLayout.columnCount } })}
          />
          <span>个查询条件</span>
        </Space>
      </Section>
    </>
  );
}

export function ResultPane({ settings, update, choices, meta }: PaneProps) {
  const columns = settings.queryResults;
  return (
    <Section
      title="结果列"
      hint="列表显示的列及其顺序"
      extra={
        columns ? (
          <Button size="small" onClick={() => update({ queryResults: undefined })}>
            恢复默认
          </Button>
        ) : null
      }
    >
      {columns ? (
        <RowList<ResultColumnSetting>
          testId="ls-columns"
          items={columns}
          onChange={(queryResults) => update({ queryResults })}
          rowLabel={(c, i) => `结果列 ${c.alias || c.name || i + 1}`}
          addLabel="添加列"
          empty="未选择任何列"
          onAdd={() => {
            const unused = choices.find((c) => !columns.some((x) => x.key === c.key));
            if (unused) update({ queryResults: [...columns, { key: unused.key, name: unused.label }] });
          }}
          renderRow={(c, i, set) => (
            <>
              <FieldSelect
                label={`结果字段 ${i + 1}`}
                choices={choices}
                value={c.key}
                onChange={(key) => set({ ...c, key, name: choices.find((x) => x.key === key)?.label ?? key })}
              />
              <Input aria-label={`列标题 ${i + 1}`} placeholder={`列标题（默认：${c.name}）`} style={{ width: 180 }} value={c.alias ?? ''} onChange={(e) => set({ ...c, alias: e.target.value || undefined })} maxLength={30} />
              <Space size={4} className="ls-fixed">
                <Switch
                  size="small"
                  aria-label={`跳转列 ${i + 1}`}
                  checked={c.isJump === true}
                  onChange={(on) => {
                    const { isJump: _drop, jumpInfo: _info, ...plain } = c;
                    set(on ? { ...plain, isJump: true, jumpInfo: normalizeJumpInfo(c.jumpInfo) } : plain);
                  }}
                />
                <span>跳转</span>
              </Space>
              {c.isJump && <JumpButton info={c.jumpInfo} title={`结果列「${c.alias || c.name}」`} choices={choices} onChange={(jumpInfo) => set({ ...c, jumpInfo })} />}
            </>
          )}
        />
      ) : (
        <Alert
          type="info"
          showIcon
          title="未配置结果列：列表显示表单的全部字段，按设计顺序排列。"
          action={
            <Button size="small" type="primary" onClick={() => update({ queryResults: defaultResultColumns(meta) })}>
              自定义结果列
            </Button>
          }
        />
      )}
    </Section>
  );
}

type ButtonKind = 'function' | 'row';

function ButtonSection({ kind, settings, update, choices }: PaneProps & { kind: ButtonKind }) {
  const field = kind === 'function' ? 'functionButtons' : 'optButtons';
  const names: Readonly<Record<string, string>> = kind === 'function' ? FUNCTION_BUTTON_NAME : ROW_BUTTON_NAME;
  const title = kind === 'function' ? '功能按钮' : '行按钮';
  const buttons = settings[field];
  const set = (next: ButtonSetting[] | undefined) => update({ [field]: next } as Partial<NormalizedSensorSettings>);
  return (
    <Section
      title={title}
      hint={kind === 'function' ? '表格上方：新增、删除、导入、导出与自定义' : '每行操作列：编辑、删除、详情与自定义'}
      extra={
        buttons ? (
          <Button size="small" onClick={() => set(undefined)}>
            恢复默认
          </Button>
        ) : null
      }
    >
      {buttons ? (
        <RowList<ButtonSetting>
          testId={`ls-${kind}-buttons`}
          items={buttons}
          onChange={set}
          rowLabel={(b, i) => `${title} ${b.name || i + 1}`}
          addLabel={`添加${title}`}
          empty="不显示任何按钮"
          onAdd={() => {
            const missing = standardButtons(kind).find((s) => !buttons.some((b) => b.key === s.key));
            set([...buttons, missing ?? { key: 'custom', name: '自定义', jumpInfo: normalizeJumpInfo({}) }]);
          }}
          renderRow={(b, i, setButton) => (
            <>
              <Select
                aria-label={`${title}类型 ${i + 1}`}
                style={{ width: 120 }}
                value={String(b.key)}
                onChange={(key: string) =>
                  setButton(key === 'custom' ? { key, name: b.name || names.custom!, jumpInfo: normalizeJumpInfo(b.jumpInfo) } : { key, name: names[key]! })
                }
                options={Object.entries(names).map(([value, label]) => ({
                  value,
                  label,
                  // A standard button appears once.
                  disabled: value !== 'custom' && value !== b.key && buttons.some((x) => x.key === value),
                }))}
              />
              <Input aria-label={`${title}名称 ${i + 1}`} placeholder="按钮名称" style={{ width: 140 }} value={String(b.name ?? '')} onChange={(e) => setButton({ ...b, name: e.target.value })} maxLength={20} />
              {b.key === 'custom' && <JumpButton info={b.jumpInfo} title={`${title}「${b.name ?? ''}」`} choices={choices} onChange={(jumpInfo) => setButton({ ...b, jumpInfo })} />}
            </>
          )}
        />
      ) : (
        <Alert
          type="info"
          showIcon
          title={`未配置${title}：显示全部标准按钮（${Object.entries(names)
            .filter(([k]) => k !== 'custom')
            .map(([, v]) => v)
            .join('、')}）。`}
          action={
            <Button size="small" type="primary" onClick={() => set(standardButtons(kind))}>
              自定义{title}
            </Button>
          }
        />
      )}
    </Section>
  );
}

export function ButtonsPane(props: PaneProps) {
  return (
    <>
      <ButtonSection {...props} kind="function" />
      <ButtonSection {...props} kind="row" />
      <Section title="新增方式">
        <Radio.Group
          value={props.settings.addShowType}
          onChange={(e) => props.update({ addShowType: e.target.value as 'dialog' | 'full' })}
          options={[
            { value: 'dialog', label: '弹窗（全屏对话框）' },
            { value: 'full', label: '整页（新增页面）' },
          ]}
        />
      </Section>
    </>
  );
}

function SheetColumns({ list, choices, onChange, what }: { list: SheetColumnSetting[]; choices: readonly ColumnChoice[]; onChange: (next: SheetColumnSetting[]) => void; what: string }) {
  return (
    <RowList<SheetColumnSetting>
      testId={`ls-${what === '导入' ? 'import' : 'export'}-columns`}
      items={list}
      onChange={onChange}
      rowLabel={(c, i) => `${what}列 ${c.name || c.key || i + 1}`}
      addLabel={`添加${what}列`}
      empty={what === '导入' ? '未配置：按表头名称对应字段' : '未配置：导出列表的结果列'}
      onAdd={() => onChange([...list, { key: choices.find((c) => !list.some((x) => x.key === c.key))?.key ?? '', name: '' }])}
      renderRow={(c, i, set) => (
        <>
          <span className="ls-hint ls-fixed">第 {i + 1} 列</span>
          <FieldSelect label={`${what}字段 ${i + 1}`} choices={choices} value={c.key} onChange={(key) => set({ ...c, key })} />
          <Input aria-label={`${what}表头 ${i + 1}`} placeholder="表头（默认为字段名称）" style={{ width: 200 }} value={c.name} onChange={(e) => set({ ...c, name: e.target.value })} maxLength={50} />
        </>
      )}
    />
  );
}

function Positions<T extends ImportSettingsValue>({ value, onChange, what }: { value: T; onChange: (next: T) => void; what: string }) {
  return (
    <Space wrap size={16}>
      <Form.Item label="起始行" extra="数据首行，表头在上一行" style={{ marginBottom: 0 }}>
        <InputNumber aria-label={`${what}起始行`} min={1} max={MAX_SHEET_POSITION} precision={0} value={value.startRow} onChange={(v) => onChange({ ...value, startRow: v ?? value.startRow })} />
      </Form.Item>
      <Form.Item label="起始列" extra="首列，1 即 A 列" style={{ marginBottom: 0 }}>
        <InputNumber aria-label={`${what}起始列`} min={1} max={MAX_SHEET_POSITION} precision={0} value={value.startColumn} onChange={(v) => onChange({ ...value, startColumn: v ?? value.startColumn })} />
      </Form.Item>
    </Space>
  );
}

/**
 * The export template: a workbook whose rows above the start row (titles, header, styles) the
 * export starts from. Uploaded like any file; the design's save keeps it referenced.
 */
function TemplatePicker({ value, onChange }: { value: ExportSettingsValue['exportModelInfo']; onChange: (next: ExportSettingsValue['exportModelInfo']) => void }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  return (
    <div className="ls-template">
      <span>导出模板：</span>
      {value ? <Tag data-testid="ls-export-template">{value.originalfile || `文件 ${value.fileId}`}</Tag> : <span className="ls-hint">无（从空白工作簿导出）</span>}
      <Upload
        accept=".xlsx"
        showUploadList={false}
        customRequest={({ file }) => {
          const blob = file as File;
          if (!/\.xlsx$/i.test(blob.name)) {
            void message.error('导出模板须为 .xlsx 文件');
            return;
          }
          setBusy(true);
          uploadFile(blob, blob.name, { control: null })
            .then((up) => onChange({ fileId: up.fileId, originalfile: up.originalName || blob.name }))
            .catch(() => undefined) // the http client has shown the error
            .finally(() => setBusy(false));
        }}
      >
        <Button size="small" icon={<UploadOutlined aria-hidden="true" />} loading={busy}>
          {value ? '更换模板' : '上传模板'}
        </Button>
      </Upload>
      {value && (
        <Button size="small" type="link" danger onClick={() => onChange(undefined)}>
          移除模板
        </Button>
      )}
    </div>
  );
}

export function ExcelPane({ settings, update, choices }: PaneProps) {
  const report = settings.reportSettings;
  const setImport = (importSettings: ImportSettingsValue) => update({ reportSettings: { ...report, importSettings } });
  const setExport = (exportSettings: ExportSettingsValue) => update({ reportSettings: { ...report, exportSettings } });
  const ex = report.exportSettings;
  return (
    <Form layout="vertical" component="div">
      <Section title="导入设置" hint="Excel 导入时从哪一行、哪一列读起，各列对应哪个字段">
        <Positions value={report.importSettings} onChange={setImport} what="导入" />
        <SheetColumns list={report.importSettings.list} choices={choices} what="导入" onChange={(list) => setImport({ ...report.importSettings, list })} />
      </Section>
      <Section title="导出设置" hint="导出的起始位置、列和导出规则">
        <Positions value={ex} onChange={setExport} what="导出" />
        <SheetColumns list={ex.list} choices={choices} what="导出" onChange={(list) => setExport({ ...ex, list })} />
        <TemplatePicker value={ex.exportModelInfo} onChange={(exportModelInfo) => setExport({ ...ex, exportModelInfo })} />
      </Section>
      <Section title="导出规则" hint="导出存储值而非显示文字、日期格式、值映射">
        <RowList<ExportRuleSetting>
          testId="ls-export-rules"
          items={ex.exportRules}
          onChange={(exportRules) => setExport({ ...ex, exportRules })}
          rowLabel={(r, i) => `导出规则 ${r.key || i + 1}`}
          addLabel="添加导出规则"
          empty="无导出规则：导出显示文字"
          onAdd={() => setExport({ ...ex, exportRules: [...ex.exportRules, { key: choices.find((c) => !ex.exportRules.some((r) => r.key === c.key))?.key ?? '' }] })}
          renderRow={(r, i, set) => (
            <>
              <FieldSelect label={`规则字段 ${i + 1}`} choices={choices} value={r.key} onChange={(key) => set({ ...r, key })} />
              <Select
                aria-label={`导出内容 ${i + 1}`}
                style={{ width: 120 }}
                value={r.type ?? 'label'}
                onChange={(type: 'label' | 'value') => set({ ...r, type: type === 'value' ? 'value' : undefined })}
                options={[
                  { value: 'label', label: '显示文字' },
                  { value: 'value', label: '存储值' },
                ]}
              />
              <Input aria-label={`日期格式 ${i + 1}`} placeholder="日期格式，如 yyyy年MM月dd日" style={{ width: 200 }} value={r.dateFormat ?? ''} onChange={(e) => set({ ...r, dateFormat: e.target.value || undefined })} maxLength={50} />
              <Input.TextArea
                // Typed freely and read on blur; remounted when the rule changes from outside (moved, reset).
                key={`${r.key}:${mappingToText(r.mapping)}`}
                aria-label={`值映射 ${i + 1}`}
                placeholder={'值映射，每行一条，如\n0=正常\n1=异常'}
                autoSize={{ minRows: 1, maxRows: 4 }}
                style={{ width: 200 }}
                defaultValue={mappingToText(r.mapping)}
                onBlur={(e) => set({ ...r, mapping: mappingFromText(e.target.value) })}
              />
            </>
          )}
        />
      </Section>
    </Form>
  );
}
