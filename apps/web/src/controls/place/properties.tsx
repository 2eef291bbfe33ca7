import { Form, Input, Space } from 'antd';
import { gisColumnsOf, regionColumnsOf, REGION_LEVEL_NAMES } from '@park/core';
import { isRecord, textOf, withField } from '../common/properties/edit.ts';
import { OptionNumber, OptionSelect, OptionSwitch } from '../common/properties/fields.tsx';
import type { PropertySection, SectionProps } from '../common/properties/types.ts';

/** modelExt names the column of each part; what the runtime uses when a name is left out is shown. */
function ColumnNames({ control, onChange, parts, defaults }: SectionProps & { parts: ReadonlyArray<[string, string]>; defaults: Record<string, string | undefined> }) {
  const ext = isRecord(control.modelExt) ? control.modelExt : {};
  return (
    <Form.Item label="存储字段" help="各部分保存到的列，字母开头">
      <div className="props-rows">
        {parts.map(([part, label]) => (
          <Space.Compact key={part} block>
            <span className="props-addon">{label}</span>
            <Input
              size="small"
              aria-label={`${label}字段`}
              value={textOf(ext[part])}
              placeholder={defaults[part] ?? ''}
              onChange={(e) => onChange(withField(control, 'modelExt', { ...ext, [part]: e.target.value.trim() }))}
            />
          </Space.Compact>
        ))}
      </div>
    </Form.Item>
  );
}

const REGION_PARTS: ReadonlyArray<[string, string]> = [
  ['province', '省份'],
  ['provinceCode', '省份代码'],
  ['city', '市'],
  ['cityCode', '市代码'],
  ['area', '区县'],
  ['areaCode', '区县代码'],
];

const REGION_LEVEL_CHOICES = ([1, 2, 3] as const).map((level) => ({ value: String(level), label: REGION_LEVEL_NAMES[level] }));

function RegionOptions(props: SectionProps) {
  return (
    <>
      <OptionSelect {...props} name="level" label="选择到" help="填写时须选到这一级（未设置时任意一级均可）" choices={REGION_LEVEL_CHOICES} radio />
      <ColumnNames {...props} parts={REGION_PARTS} defaults={regionColumnsOf(props.control)} />
    </>
  );
}

const GIS_PARTS: ReadonlyArray<[string, string]> = [
  ['lat', '纬度'],
  ['lnt', '经度'],
  ['address', '详细地址'],
];

function GisOptions(props: SectionProps) {
  const defaults = gisColumnsOf(props.control);
  return (
    <>
      <OptionNumber {...props} name="zoom" label="地图缩放级别" min={3} max={18} precision={0} placeholder="13" />
      <Space.Compact block className="props-pair">
        <OptionNumber {...props} name="lat" label="默认中心纬度" min={-90} max={90} placeholder="31.81" />
        <OptionNumber {...props} name="lnt" label="默认中心经度" min={-180} max={180} placeholder="118.46" />
      </Space.Compact>
      <OptionSwitch {...props} name="positionScope" label="记录范围半径" help="填写时可输入 1 到 100000 米的范围" />
      <ColumnNames {...props} parts={GIS_PARTS} defaults={{ lat: defaults.lat, lnt: defaults.lng, address: defaults.address }} />
    </>
  );
}

export const regionSections: PropertySection[] = [{ key: 'region', title: '行政区划', Body: RegionOptions }];
export const gisSections: PropertySection[] = [{ key: 'gis', title: '地图设置', Body: GisOptions }];
