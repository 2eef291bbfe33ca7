import { useMemo } from 'react';
import { Alert, Button, Tabs } from 'antd';
import { checkSensorSettings, hasSavedV2, listColumnChoices, normalizeSensorSettings, type FormMeta, type NormalizedSensorSettings, type SensorSettings } from '@park/core';
import { ButtonsPane, ExcelPane, QueryPane, ResultPane, type PaneProps } from './panes.tsx';
import './listSettings.css';

/** Contract of the list-page settings editor (sensorSettings) used by the designer. */
export interface ListSettingsEditorProps {
  /** The design, whose controls are the choices for conditions and result columns. */
  meta: FormMeta;
  value: SensorSettings | undefined;
  onChange: (next: SensorSettings) => void;
  /** Drops a saved sensorSettingsV2 layout from the design, so these settings lay the list page out again. */
  onClearV2?: () => void;
}

/**
 * The list-page settings of a form (issue 9 §6): query conditions and their layout, result
 * columns, function and row buttons with custom jumps, the add mode, and Excel import/export.
 * It shows the settings in canonical form (core/listSettings) and hands back canonical settings
 * on every change; it never writes on its own, so opening it leaves the design as it was.
 */
export function ListSettingsEditor({ meta, value, onChange, onClearV2 }: ListSettingsEditorProps) {
  const settings = useMemo(() => normalizeSensorSettings(value, meta), [value, meta]);
  const choices = useMemo(() => listColumnChoices(meta), [meta]);
  const problems = useMemo(() => checkSensorSettings(settings, meta), [settings, meta]);
  const update = (patch: Partial<NormalizedSensorSettings>) => {
    const next: Record<string, unknown> = { ...settings, ...patch };
    // "Not configured" (all buttons, every column) is the absence of the list, not an empty list.
    for (const [k, v] of Object.entries(patch)) if (v === undefined) delete next[k];
    onChange(next as SensorSettings);
  };
  const pane: PaneProps = { settings, update, choices, meta };
  const count = (prefixes: string[]) => problems.filter((p) => prefixes.some((x) => p.path.startsWith(x))).length;
  const label = (text: string, prefixes: string[]) => {
    const n = count(prefixes);
    return n ? `${text}（${n}）` : text;
  };

  return (
    <div className="ls-editor" data-testid="list-settings-editor">
      {hasSavedV2(meta) && (
        <Alert
          className="ls-problems"
          type="info"
          showIcon
          title="列表页当前由高级设置布局"
          description={
            <>
              <div>表单保存了高级设置（sensorSettingsV2），这里的修改会保存，但在清除高级设置之前不会用于列表页。</div>
              {onClearV2 && (
                <Button size="small" style={{ marginTop: 8 }} onClick={onClearV2}>
                  清除高级设置
                </Button>
              )}
            </>
          }
        />
      )}
      {problems.length > 0 && (
        <Alert
          className="ls-problems"
          type="warning"
          showIcon
          title={`列表页设置有 ${problems.length} 处需要处理`}
          description={
            <ul>
              {problems.map((p) => (
                <li key={p.path + p.message}>{p.message}</li>
              ))}
            </ul>
          }
        />
      )}
      <Tabs
        size="small"
        items={[
          { key: 'query', label: label('查询', ['queryConditions', 'queryLayout']), children: <QueryPane {...pane} /> },
          { key: 'columns', label: label('结果列', ['queryResults']), children: <ResultPane {...pane} /> },
          { key: 'buttons', label: label('按钮', ['functionButtons', 'optButtons']), children: <ButtonsPane {...pane} /> },
          { key: 'excel', label: label('导入导出', ['reportSettings']), children: <ExcelPane {...pane} /> },
        ]}
      />
    </div>
  );
}
