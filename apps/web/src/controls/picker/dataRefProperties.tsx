import { DsConfEditor } from '../common/properties/DsConfEditor.tsx';
import type { PropertySection, SectionProps } from '../common/properties/types.ts';

function DataRef({ control, onChange }: SectionProps) {
  return <DsConfEditor control={control} onChange={onChange} forTable={false} />;
}

export const dataRefSections: PropertySection[] = [{ key: 'dsConf', title: '数据引用设置', Body: DataRef }];
