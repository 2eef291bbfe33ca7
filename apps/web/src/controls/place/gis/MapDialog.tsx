import { useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Input, InputNumber, Modal, Space } from 'antd';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { CoordinateGrid } from './coordinateGrid.ts';
import { numberRange, POSITION_SCOPE_MAX, POSITION_SCOPE_MIN, type GisValue } from '@park/core';
import { notifyError } from '../../../lib/feedback.ts';
import {
  coordText,
  DEFAULT_CENTER,
  DEFAULT_ZOOM,
  parseCoordinates,
  reverseGeocode,
  searchPlace,
  type GisConfig,
} from './gisConfig.ts';

export const MAP_TITLE = '地图定位';
export const MAP_LOAD_FAILED = '地图加载失败,请检查网络';
export const NO_ADDRESS = '无法获取地址';
/** The radius circle (issue 7). */
const SCOPE_COLOR = '#F33';

export interface MapDialogProps {
  config: GisConfig;
  initial: GisValue | null;
  zoom?: number;
  /** Where the map opens when there is no position yet (the control's options.lat / options.lnt). */
  center?: [number, number];
  withScope: boolean;
  onCancel(): void;
  onOk(value: GisValue): void;
}

/**
 * 地图定位 (spec 000 §2): a click or a search result sets lat, lng and the address; closing with
 * 确定 returns the position. Leaflet draws the configured tiles, or a coordinate grid when none
 * are configured; the address comes from the configured reverse geocoder, or is typed.
 */
export function MapDialog({
  config,
  initial,
  zoom,
  center: home,
  withScope,
  onCancel,
  onOk,
}: MapDialogProps) {
  const { message } = App.useApp();
  // Primitives, so a new array from the caller on each render does not rebuild the map.
  const homeLat = home?.[0];
  const homeLng = home?.[1];
  // Read once: the map is built around where the dialog opened.
  const [start] = useState(initial);
  // A callback ref: the dialog's body may mount after this component's first effects run.
  const [holder, setHolder] = useState<HTMLDivElement | null>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markerRef = useRef<L.CircleMarker | null>(null);
  const circleRef = useRef<L.Circle | null>(null);
  const [lat, setLat] = useState(initial?.lat ?? '');
  const [lng, setLng] = useState(initial?.lng ?? '');
  const [address, setAddress] = useState(initial?.address ?? '');
  const [scope, setScope] = useState<number | null>(
    initial?.positionScope ? Number(initial.positionScope) : withScope ? 100 : null,
  );
  const [tilesFailed, setTilesFailed] = useState(false);
  const [keyword, setKeyword] = useState('');

  const choose = (la: number, ln: number, knownAddress?: string) => {
    setLat(coordText(la));
    setLng(coordText(ln));
    if (knownAddress) setAddress(knownAddress);
    else if (config.reverseGeocodeUrl) {
      reverseGeocode(config, coordText(la), coordText(ln))
        .then(setAddress)
        .catch(() => notifyError(NO_ADDRESS));
    }
  };
  const chooseRef = useRef(choose);
  useEffect(() => {
    chooseRef.current = choose;
  });

  useEffect(() => {
    const el = holder;
    if (!el) return;
    const la = Number(start?.lat);
    const ln = Number(start?.lng);
    const center: [number, number] =
      start && start.lat !== '' && Number.isFinite(la) && Number.isFinite(ln)
        ? [la, ln]
        : homeLat !== undefined && homeLng !== undefined
          ? [homeLat, homeLng]
          : DEFAULT_CENTER;
    const map = L.map(el, {
      center,
      zoom: zoom ?? DEFAULT_ZOOM,
      attributionControl: Boolean(config.tileUrl),
    });
    mapRef.current = map;
    if (config.tileUrl) {
      const layer = L.tileLayer(config.tileUrl, {
        subdomains: config.tileSubdomains || 'abc',
        attribution: config.attribution,
        maxZoom: 18,
      });
      let failures = 0;
      layer.on('tileerror', () => {
        failures += 1;
        if (failures === 3) setTilesFailed(true);
      });
      layer.addTo(map);
    } else {
      new CoordinateGrid().addTo(map);
    }
    map.on('click', (e: L.LeafletMouseEvent) => chooseRef.current(e.latlng.lat, e.latlng.lng));
    // The dialog animates open; measure again once it has its size.
    const timer = window.setTimeout(() => map.invalidateSize(), 250);
    return () => {
      window.clearTimeout(timer);
      map.remove();
      mapRef.current = null;
      markerRef.current = null;
      circleRef.current = null;
    };
  }, [holder, config, start, zoom, homeLat, homeLng]);

  // The marker and the circle follow the chosen point and radius.
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const la = Number(lat);
    const ln = Number(lng);
    if (lat === '' || lng === '' || !Number.isFinite(la) || !Number.isFinite(ln)) return;
    const at = L.latLng(la, ln);
    if (!markerRef.current)
      markerRef.current = L.circleMarker(at, { radius: 8, color: '#1d4ed8', fillOpacity: 0.9 }).addTo(map);
    else markerRef.current.setLatLng(at);
    if (withScope && scope !== null && scope >= POSITION_SCOPE_MIN && scope <= POSITION_SCOPE_MAX) {
      if (!circleRef.current)
        circleRef.current = L.circle(at, {
          radius: scope,
          color: SCOPE_COLOR,
          fillColor: SCOPE_COLOR,
          fillOpacity: 0.15,
        }).addTo(map);
      else circleRef.current.setLatLng(at).setRadius(scope);
    } else if (circleRef.current) {
      circleRef.current.remove();
      circleRef.current = null;
    }
  }, [lat, lng, scope, withScope]);

  const search = async (text: string) => {
    const typed = parseCoordinates(text);
    if (typed) {
      mapRef.current?.setView([typed.lat, typed.lng]);
      choose(typed.lat, typed.lng);
      return;
    }
    if (text.trim() === '') return;
    if (!config.searchUrl) {
      void message.info('未配置地址搜索服务，请直接点击地图或输入经纬度，如 31.81,118.46');
      return;
    }
    try {
      const hit = await searchPlace(config, text.trim());
      if (!hit) {
        void message.warning('未找到该地址');
        return;
      }
      mapRef.current?.setView([hit.lat, hit.lng]);
      choose(hit.lat, hit.lng, hit.name || undefined);
    } catch {
      notifyError(NO_ADDRESS);
    }
  };

  const confirm = () => {
    if (lat === '' || lng === '') {
      void message.warning('请在地图上点击选择位置');
      return;
    }
    if (withScope && (scope === null || scope < POSITION_SCOPE_MIN || scope > POSITION_SCOPE_MAX)) {
      void message.warning(numberRange(POSITION_SCOPE_MIN, POSITION_SCOPE_MAX));
      return;
    }
    const value: GisValue = { lat, lng, address };
    if (withScope && scope !== null) value.positionScope = String(scope);
    onOk(value);
  };

  return (
    <Modal
      open
      title={MAP_TITLE}
      width="60%"
      onCancel={onCancel}
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={onCancel}>
          取消
        </Button>,
        <Button key="ok" type="primary" onClick={confirm}>
          确定
        </Button>,
      ]}
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Input.Search
          placeholder="搜索地址，或输入经纬度如 31.81,118.46"
          enterButton="搜索"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(v) => void search(v)}
          aria-label="搜索地址"
        />
        {tilesFailed && <Alert type="error" showIcon title={MAP_LOAD_FAILED} />}
        {!config.tileUrl && (
          <div className="upload-tip">未配置地图底图，当前显示坐标网格，点击任意位置即可选取经纬度。</div>
        )}
        <div ref={setHolder} className="gis-map" data-testid="gis-map" />
        <Space wrap>
          <span>纬度：{lat || '-'}</span>
          <span>经度：{lng || '-'}</span>
          {withScope && (
            <Space size={4}>
              <span>范围(米)：</span>
              <InputNumber
                aria-label="范围(米)"
                min={POSITION_SCOPE_MIN}
                max={POSITION_SCOPE_MAX}
                value={scope}
                onChange={(v) => setScope(v ?? null)}
                style={{ width: 120 }}
              />
            </Space>
          )}
        </Space>
        <Space.Compact block>
          <Space.Addon>详细地址</Space.Addon>
          <Input
            aria-label="详细地址"
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            placeholder="点击地图后自动获取，或手动输入"
          />
        </Space.Compact>
      </Space>
    </Modal>
  );
}
