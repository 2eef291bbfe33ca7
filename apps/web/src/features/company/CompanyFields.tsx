import { useState, type FocusEventHandler } from 'react';
import { Button, Col, Form, Input, Row, Select, Space, type FormInstance, type FormRule } from 'antd';
import { EnvironmentOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  checkRegistrationField,
  REGISTRATION_RULES,
  type RegistrationFieldKey,
} from '@park/core';
import { MapDialog } from '../../controls/place/gis/MapDialog.tsx';
import { EMPTY_GIS_CONFIG } from '../../controls/place/gis/gisConfig.ts';
import { publicGisConfig, registerDic } from './api.ts';
import { CodeTreeDialog } from './CodeTreeDialog.tsx';
// The reused MapDialog's own styles (.gis-map, .upload-tip) live in the form runtime's sheet.
import '../../form/form.css';
import './company.css';

/** Zoom of the registration map (spec 000 §9: 15 for registration). */
export const REGISTER_MAP_ZOOM = 15;

export interface CompanyFormValues {
  companyName: string;
  administrativeAreaCode: string;
  administrativeAreaName: string;
  address: string;
  lat: string;
  lnt: string;
  industryCode: string;
  industryName: string;
  industyType: string;
  economicTypeCode?: string;
  companyCode: string;
}

/** The shared rule of a field as an antd rule: the same function the server runs. */
export function fieldRules(key: RegistrationFieldKey): FormRule[] {
  return [
    {
      validator: async (_rule, value: unknown) => {
        const problem = checkRegistrationField(key, value);
        if (problem) throw new Error(problem);
      },
    },
  ];
}

export const isRequired = (key: RegistrationFieldKey) => Boolean(REGISTRATION_RULES[key].requiredMessage);

/** A read-only text with a 选择 button: the value is chosen in a dialog, and blur still validates. */
function ChooserInput({
  id,
  value,
  onBlur,
  onOpen,
  placeholder,
  buttonLabel,
  disabled,
}: {
  id?: string;
  value?: string;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  onOpen: () => void;
  placeholder: string;
  buttonLabel: string;
  disabled?: boolean;
}) {
  return (
    <Space.Compact block>
      <Input
        id={id}
        readOnly
        value={value ?? ''}
        placeholder={placeholder}
        onBlur={onBlur}
        onClick={() => !disabled && onOpen()}
        disabled={disabled}
        className="chooser-input"
      />
      <Button icon={<SearchOutlined aria-hidden="true" />} onClick={onOpen} disabled={disabled} aria-label={buttonLabel}>
        选择
      </Button>
    </Space.Compact>
  );
}

function AddressInput({
  id,
  value,
  onChange,
  onBlur,
  onLocate,
}: {
  id?: string;
  value?: string;
  onChange?: (v: string) => void;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  onLocate: () => void;
}) {
  return (
    <Space.Compact block>
      <Input id={id} value={value ?? ''} onChange={(e) => onChange?.(e.target.value)} onBlur={onBlur} maxLength={200} placeholder="请输入详细地址，或点击地图定位" />
      <Button icon={<EnvironmentOutlined aria-hidden="true" />} onClick={onLocate}>
        地图定位
      </Button>
    </Space.Compact>
  );
}

type Dialog = 'region' | 'industry' | 'map' | null;

/**
 * The company half of registration (spec 000 §2), also the 企业管理 edit dialog: name, region
 * (tree dialog), address with 地图定位 (zoom 15), industry (tree dialog 监管类型), industry
 * category, economic type and organisation code. Every required message shows on blur.
 */
export function CompanyFields({
  form,
  mode,
  columns = 2,
}: {
  form: FormInstance<CompanyFormValues>;
  mode: 'register' | 'edit';
  columns?: 1 | 2;
}) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const categories = useQuery({ queryKey: ['register-dic', 'industry_category'], queryFn: ({ signal }) => registerDic('industry_category', signal), staleTime: 300_000 });
  const economics = useQuery({ queryKey: ['register-dic', 'economic_type'], queryFn: ({ signal }) => registerDic('economic_type', signal), staleTime: 300_000 });
  const gis = useQuery({ queryKey: ['register-gis-config'], queryFn: ({ signal }) => publicGisConfig(signal), staleTime: Infinity, retry: false });
  const lat = Form.useWatch('lat', form);
  const lnt = Form.useWatch('lnt', form);
  const span = columns === 2 ? 12 : 24;

  const setAndCheck = (values: Partial<CompanyFormValues>, field: keyof CompanyFormValues) => {
    form.setFieldsValue(values);
    void form.validateFields([field]).catch(() => undefined);
  };

  return (
    <>
      <Form.Item name="administrativeAreaCode" hidden>
        <Input />
      </Form.Item>
      <Form.Item name="industryCode" hidden>
        <Input />
      </Form.Item>
      <Form.Item name="lat" hidden>
        <Input />
      </Form.Item>
      <Form.Item name="lnt" hidden>
        <Input />
      </Form.Item>
      <Row gutter={24}>
        <Col span={span}>
          <Form.Item label="企业名称" name="companyName" required rules={fieldRules('companyName')}>
            <Input maxLength={100} placeholder="请输入企业名称" />
          </Form.Item>
        </Col>
        <Col span={span}>
          <Form.Item
            label="组织机构代码"
            name="companyCode"
            required
            rules={mode === 'register' ? fieldRules('companyCode') : []}
            normalize={(v: string) => (mode === 'register' ? v.toUpperCase().replace(/\s/g, '') : v)}
            extra={mode === 'register' ? '统一社会信用代码（18位）或组织机构代码，也是企业登录账号' : '组织机构代码即企业登录账号，不能修改'}
          >
            <Input maxLength={20} placeholder="请输入组织机构代码" disabled={mode === 'edit'} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={span}>
          <Form.Item label="行政区划" name="administrativeAreaName" required rules={fieldRules('administrativeAreaName')}>
            <ChooserInput placeholder="请选择行政区划" buttonLabel="选择行政区划" onOpen={() => setDialog('region')} />
          </Form.Item>
        </Col>
        <Col span={span}>
          <Form.Item
            label="详细地址"
            name="address"
            required
            rules={fieldRules('address')}
            extra={lat && lnt ? <span data-testid="company-coordinates">经纬度：{lat}, {lnt}</span> : '可点击“地图定位”在地图上选取位置'}
          >
            <AddressInput onLocate={() => setDialog('map')} />
          </Form.Item>
        </Col>
        <Col span={span}>
          <Form.Item label="行业名称" name="industryName" required rules={fieldRules('industryName')}>
            <ChooserInput placeholder="请选择监管类型" buttonLabel="选择行业名称" onOpen={() => setDialog('industry')} />
          </Form.Item>
        </Col>
        <Col span={span}>
          <Form.Item label="行业类别" name="industyType" required rules={fieldRules('industyType')} validateTrigger={['onBlur', 'onChange']}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              allowClear
              placeholder="请选择行业类别"
              loading={categories.isLoading}
              options={(categories.data ?? []).map((c) => ({ value: c.name, label: c.name }))}
            />
          </Form.Item>
        </Col>
        <Col span={span}>
          <Form.Item label="经济类型" name="economicTypeCode">
            <Select
              allowClear
              placeholder="请选择经济类型"
              loading={economics.isLoading}
              options={(economics.data ?? []).map((c) => ({ value: c.code, label: c.name }))}
            />
          </Form.Item>
        </Col>
      </Row>

      {dialog === 'region' && (
        <CodeTreeDialog
          kind="region"
          title="行政区划"
          initialCode={form.getFieldValue('administrativeAreaCode') as string | undefined}
          onCancel={() => setDialog(null)}
          onOk={(c) => {
            setAndCheck({ administrativeAreaCode: c.code, administrativeAreaName: c.path.join('') }, 'administrativeAreaName');
            setDialog(null);
          }}
        />
      )}
      {dialog === 'industry' && (
        <CodeTreeDialog
          kind="industry"
          title="监管类型"
          initialCode={form.getFieldValue('industryCode') as string | undefined}
          onCancel={() => setDialog(null)}
          onOk={(c) => {
            setAndCheck({ industryCode: c.code, industryName: c.name }, 'industryName');
            setDialog(null);
          }}
        />
      )}
      {dialog === 'map' && (
        <MapDialog
          config={gis.data ?? EMPTY_GIS_CONFIG}
          initial={lat && lnt ? { lat, lng: lnt, address: (form.getFieldValue('address') as string) ?? '' } : null}
          zoom={REGISTER_MAP_ZOOM}
          withScope={false}
          onCancel={() => setDialog(null)}
          onOk={(v) => {
            const address = v.address.trim() || ((form.getFieldValue('address') as string | undefined) ?? '');
            setAndCheck({ lat: v.lat, lnt: v.lng, address }, 'address');
            setDialog(null);
          }}
        />
      )}
    </>
  );
}

/** The economic type's name for the payload, from the chosen code. */
export function useEconomicTypeName() {
  const economics = useQuery({ queryKey: ['register-dic', 'economic_type'], queryFn: ({ signal }) => registerDic('economic_type', signal), staleTime: 300_000 });
  return (code: string | undefined) => (code ? (economics.data?.find((e) => e.code === code)?.name ?? '') : '');
}
