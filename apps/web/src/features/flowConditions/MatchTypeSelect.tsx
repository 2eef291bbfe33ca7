import { Select } from 'antd';
import { FLOW_MATCH_TYPE_TEXT, MATCH_TYPES_BY_DATA_TYPE, type FlowDataType } from '@park/core';

/** The match types a field's data type offers (spec 001 §3.6). */
export function MatchTypeSelect({ dataType, value, onChange, width = 120 }: { dataType: FlowDataType | undefined; value: string | undefined; onChange: (v: string) => void; width?: number }) {
  return (
    <Select
      aria-label="匹配方式"
      placeholder="请选择条件"
      style={{ width }}
      value={value || undefined}
      disabled={!dataType}
      options={(dataType ? MATCH_TYPES_BY_DATA_TYPE[dataType] : []).map((m) => ({ value: m, label: FLOW_MATCH_TYPE_TEXT[m] }))}
      onChange={onChange}
    />
  );
}
