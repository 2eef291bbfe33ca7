import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Input, InputNumber, Space } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { POSITION_SCOPE_MAX, POSITION_SCOPE_MIN, type GisValue } from '@park/core';
import type { ControlWidget, EditorProps } from '../../types.ts';
import { gisText } from '../../common/text.ts';
import { makeTextDisplay } from '../../common/TextDisplay.tsx';
import { flag, isObject, num, optionsOf, textOf } from '../../common/values.ts';
import { useGisConfig } from './gisConfig.ts';

// Leaflet loads with the map dialog, not with the form: the designer's panels and every form
// without a map never fetch it (and its module needs a window, which the panels' tests lack). An
// editable map field fetches it as it is drawn, so the dialog opens at once when clicked.
const loadDialog = () => import('./MapDialog.tsx');
const MapDialog = lazy(() => loadDialog().then((m) => ({ default: m.MapDialog })));

function gisOf(value: unknown): GisValue {
  if (!isObject(value)) return { lat: '', lng: '', address: '' };
  const out: GisValue = {
    lat: textOf(value.lat),
    lng: textOf(value.lng) || textOf(value.lnt),
    address: textOf(value.address),
  };
  const scope = textOf(value.positionScope);
  if (scope !== '') out.positionScope = scope;
  return out;
}

function isEmpty(v: GisValue): boolean {
  return v.lat === '' && v.lng === '' && v.address === '' && (v.positionScope ?? '') === '';
}

/**
 * gis_select: latitude, longitude and address, typed or chosen in the 地图定位 dialog, and the
 * radius when the design records one (1 to 100000 metres).
 */
function GisEditor({ control, value, onChange, onBlur, disabled, id }: EditorProps) {
  const [open, setOpen] = useState(false);
  const config = useGisConfig(!disabled);
  useEffect(() => {
    if (!disabled) void loadDialog();
  }, [disabled]);
  const gis = gisOf(value);
  const withScope = flag(optionsOf(control).positionScope);
  const set = (patch: Partial<GisValue>) => {
    const next = { ...gis, ...patch };
    if (next.positionScope === '') delete next.positionScope;
    onChange(isEmpty(next) ? null : next);
  };
  return (
    <div className="gis-field" id={id}>
      <Space wrap size={8} className="gis-inputs">
        <Input
          aria-label="纬度"
          prefix={<span className="gis-prefix">纬度</span>}
          value={gis.lat}
          onChange={(e) => set({ lat: e.target.value.trim() })}
          onBlur={onBlur}
          disabled={disabled}
          style={{ width: 180 }}
        />
        <Input
          aria-label="经度"
          prefix={<span className="gis-prefix">经度</span>}
          value={gis.lng}
          onChange={(e) => set({ lng: e.target.value.trim() })}
          onBlur={onBlur}
          disabled={disabled}
          style={{ width: 190 }}
        />
        {withScope && (
          <InputNumber
            aria-label="范围(米)"
            prefix={<span className="gis-prefix">范围(米)</span>}
            min={POSITION_SCOPE_MIN}
            max={POSITION_SCOPE_MAX}
            value={gis.positionScope ? Number(gis.positionScope) : null}
            onChange={(v) => set({ positionScope: v === null ? '' : String(v) })}
            onBlur={onBlur}
            disabled={disabled}
            style={{ width: 190 }}
          />
        )}
        <Button icon={<EnvironmentOutlined />} onClick={() => setOpen(true)} disabled={disabled}>
          地图定位
        </Button>
      </Space>
      <Input
        aria-label="详细地址"
        className="gis-address"
        prefix={<span className="gis-prefix">地址</span>}
        value={gis.address}
        onChange={(e) => set({ address: e.target.value })}
        onBlur={onBlur}
        disabled={disabled}
        placeholder="详细地址"
      />
      {open && (
        <Suspense fallback={null}>
          <MapDialog
            config={config}
            initial={isEmpty(gis) ? null : gis}
            zoom={num(optionsOf(control).zoom)}
            center={homeOf(optionsOf(control))}
            withScope={withScope}
            onCancel={() => setOpen(false)}
            onOk={(v) => {
              onChange(v);
              onBlur?.();
              setOpen(false);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

function gisDisplayText(value: unknown): string {
  const gis = gisOf(value);
  if (isEmpty(gis)) return '';
  const parts = [gis.address, gis.lat && gis.lng ? `（${gis.lat}, ${gis.lng}）` : ''].filter(Boolean);
  if (gis.positionScope) parts.push(`范围 ${gis.positionScope} 米`);
  return parts.join(' ');
}

export function gisWidget(): ControlWidget {
  return { frame: 'field', Editor: GisEditor, Display: makeTextDisplay(gisDisplayText), text: gisText };
}

/** The designer's default centre, used only when both parts are real coordinates. */
function homeOf(options: Record<string, unknown>): [number, number] | undefined {
  const lat = num(options.lat);
  const lng = num(options.lnt ?? options.lng);
  return lat !== undefined && lng !== undefined && Math.abs(lat) <= 90 && Math.abs(lng) <= 180
    ? [lat, lng]
    : undefined;
}
