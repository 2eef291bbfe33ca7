import { Typography } from 'antd';
import { DsConfEditor } from '../common/properties/DsConfEditor.tsx';
import type { PropertySection, SectionProps } from '../common/properties/types.ts';

/** The sub-table's own options; its columns are designed in place on the canvas. */
function TableOptions({ control, onChange }: SectionProps) {
  return (
    <>
      <Typography.Text type="secondary" className="props-note">
        子表单的列在画布中直接拖入和编辑
      </Typography.Text>
      <DsConfEditor control={control} onChange={onChange} forTable />
    </>
  );
}

export const tableSections: PropertySection[] = [{ key: 'dsConf', title: '数据选择', Body: TableOptions }];
