import { OptionSwitch, OptionText } from '../common/properties/fields.tsx';
import type { PropertySection, SectionProps } from '../common/properties/types.ts';

/** The texts beside the switch (spec 000 §3 openMsg / closeMsg) and whether it starts on. */
function SwitchOptions(props: SectionProps) {
  return (
    <>
      <OptionText {...props} name="openMsg" label="开启时文字" placeholder="开启" />
      <OptionText {...props} name="closeMsg" label="关闭时文字" placeholder="关闭" />
      <OptionSwitch {...props} name="defaultValue" label="默认开启" />
    </>
  );
}

export const switchSections: PropertySection[] = [{ key: 'switch', title: '开关设置', Body: SwitchOptions }];
