import { Button, Select, Space } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { FormControl } from '@park/core';
import { nameOf, placeholderOf, widthStyle } from '../common/values.ts';

export interface PickedItem {
  k: string;
  v: string;
}

/**
 * The closed box of a multi-record picker: the chosen records as removable tags and a 选择 button,
 * both opening the caller's chooser (the platform pickers and the form-data reference share it).
 */
export function MultiPickerBox({
  control,
  items,
  onChange,
  show,
  disabled,
  id,
  compact,
}: {
  control: FormControl;
  items: PickedItem[];
  onChange(items: PickedItem[]): void;
  show(): void;
  disabled: boolean;
  id?: string | undefined;
  compact?: boolean | undefined;
}) {
  return (
    <Space.Compact style={widthStyle(control, compact)}>
      <Select
        id={id}
        mode="multiple"
        open={false}
        value={items.map((i) => i.k)}
        options={items.map((i) => ({ value: i.k, label: i.v || i.k }))}
        onChange={(keys: string[]) => onChange(items.filter((i) => keys.includes(i.k)))}
        onClick={() => !disabled && show()}
        placeholder={placeholderOf(control, '请选择')}
        disabled={disabled}
        suffixIcon={null}
        style={{ flex: 1, minWidth: 0 }}
      />
      <Button icon={<SearchOutlined />} disabled={disabled} onClick={show} aria-label={`选择${nameOf(control)}`}>
        选择
      </Button>
    </Space.Compact>
  );
}
