import { useState } from 'react';
import { Button, Input, Toast } from 'antd-mobile';
import type { GisValue } from '@park/core';
import type { MobileEditorProps } from '../types.ts';
import { isObject, textOf } from '../common/values.ts';

/** Six decimals: about 0.1 m, more than a phone's fix is worth. */
const coord = (n: number) => n.toFixed(6);

/**
 * gis_select on the phone: 获取当前位置 asks the browser for the device's position (it asks the
 * user; a refusal or an insecure page says so), the address is typed. No map is drawn here: the
 * desktop's map library is not part of the mobile bundle.
 */
export function GisEditor({ value, onChange, disabled }: MobileEditorProps) {
  const [locating, setLocating] = useState(false);
  const gis: GisValue = isObject(value)
    ? { lat: textOf(value.lat), lng: textOf(value.lng ?? value.lnt), address: textOf(value.address), ...(value.positionScope !== undefined ? { positionScope: textOf(value.positionScope) } : {}) }
    : { lat: '', lng: '', address: '' };
  const locate = () => {
    if (!('geolocation' in navigator)) {
      Toast.show({ content: '当前浏览器不支持定位' });
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        onChange({ ...gis, lat: coord(pos.coords.latitude), lng: coord(pos.coords.longitude) });
      },
      (err) => {
        setLocating(false);
        Toast.show({ content: err.code === err.PERMISSION_DENIED ? '未获得定位权限' : '无法获取当前位置' });
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };
  return (
    <div className="m-gis">
      <div className="m-gis-coords" data-testid="gis-coords">
        {gis.lat && gis.lng ? `纬度 ${gis.lat}，经度 ${gis.lng}` : '未定位'}
      </div>
      {!disabled && (
        <Button size="small" color="primary" fill="outline" loading={locating} onClick={locate}>
          获取当前位置
        </Button>
      )}
      <Input
        value={gis.address}
        disabled={disabled}
        placeholder="请输入详细地址"
        clearable
        onChange={(address) => onChange(gis.lat || gis.lng || address ? { ...gis, address } : null)}
      />
    </div>
  );
}
