import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, App, Button, Checkbox, Input, InputNumber, Radio, Space } from 'antd';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { ALARM_LEVEL_COLORS, CONSOLE_REFRESH_MS, MAP_REFRESH_MS, MAP_SIDEBAR_WIDTH, PARK_MAP, type LngLat } from '@park/core';
import { useGisConfig } from '../../../../controls/place/gis/gisConfig.ts';
import { baseLayers } from '../../map/baseLayers.ts';
import { DrawTool, measure, type DrawKind } from '../../map/drawing.ts';
import { LAYER_ORDER, MAP_LAYERS } from '../../map/layers/registry.ts';
import type { MapActions, MapLayerKey, ParkMapData } from '../../map/types.ts';
import '../../map/map.css';
import { park, type AlarmRow } from '../api.ts';
import { DisposeDialog } from '../alarms/DisposeDialog.tsx';
import { useLive } from '../live.ts';

type Tool = 'browse' | 'evacuate' | DrawKind;
const TOOLS: Array<{ value: Tool; label: string }> = [
  { value: 'browse', label: '浏览' },
  { value: 'evacuate', label: '疏散路线' },
  { value: 'zone', label: '绘制区域' },
  { value: 'route', label: '绘制路线' },
];
const RANGE_DEFAULT_M = 300;
const RANGE_COLOR = PARK_MAP.rangeColor;

const initialVisible = () => Object.fromEntries(LAYER_ORDER.map((k) => [k, MAP_LAYERS[k].defaultVisible])) as Record<MapLayerKey, boolean>;

/**
 * 园区地图 (issue 24): Leaflet over the configured tiles, or a coordinate grid with none; the
 * layers of map/layers refresh on their own (vehicles and alarms every 10 s). The sidebar (260px,
 * spec 002 §9) searches a plate, switches layers, lists the waiting alarms and holds the tools:
 * the evacuation route from a clicked point to the nearest exit, and drawing a zone or a route.
 * A chosen point gets the range circle (#F33); going to something zooms to 16.
 */
export function ParkMapPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const gis = useGisConfig(true);
  const [holder, setHolder] = useState<HTMLDivElement | null>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layersRef = useRef<Partial<Record<MapLayerKey, L.Layer>>>({});
  const overlayRef = useRef<L.LayerGroup | null>(null);
  const drawRef = useRef<DrawTool | null>(null);
  /** Whether this map has been brought to the park's extent yet. */
  const fitted = useRef(false);
  const [visible, setVisible] = useState(initialVisible);
  const [tilesFailed, setTilesFailed] = useState(false);
  const [tool, setTool] = useState<Tool>('browse');
  const [range, setRange] = useState<number>(RANGE_DEFAULT_M);
  // The tools' click handlers read the radius when they draw, without being set up again.
  const rangeRef = useRef(range);
  useEffect(() => {
    rangeRef.current = range;
  }, [range]);
  const [drawn, setDrawn] = useState<LngLat[]>([]);
  const [evacuation, setEvacuation] = useState<string | null>(null);
  const [disposing, setDisposing] = useState<AlarmRow | null>(null);
  const [plate, setPlate] = useState('');

  const layout = useLive(['map'], park.map, CONSOLE_REFRESH_MS);
  const tracks = useLive(['tracks'], park.tracks, MAP_REFRESH_MS);
  const alarms = useLive(['mapAlarms'], (s) => park.warnList({ handled: 0, pageSize: 200 }, s), MAP_REFRESH_MS);
  const data = useMemo<ParkMapData>(() => ({ layout: layout.data, tracks: tracks.data?.datas ?? [], alarms: alarms.data?.datas ?? [] }), [layout.data, tracks.data, alarms.data]);

  const actions = useMemo<MapActions>(
    () => ({
      openCamera: (channelId) => void navigate(`/video/wall?channelIds=${encodeURIComponent(channelId)}`),
      disposeAlarm: setDisposing,
      openGate: (gateId) => void navigate(`/park/gate?gateId=${gateId}`),
      openBroadcast: () => void navigate('/park/broadcast'),
    }),
    [navigate],
  );

  // The map itself: built once per tile configuration.
  useEffect(() => {
    if (!holder) return;
    // Quarter zoom steps, so the park's extent fills a control-room screen rather than the next whole zoom down.
    const map = L.map(holder, { center: [PARK_MAP.centerLat, PARK_MAP.centerLng], zoom: PARK_MAP.initZoom, zoomSnap: 0.25, attributionControl: Boolean(gis.tileUrl), doubleClickZoom: false });
    mapRef.current = map;
    let failures = 0;
    const bases = baseLayers(gis, () => {
      failures += 1;
      if (failures === 3) setTilesFailed(true);
    });
    Object.values(bases)[0]!.addTo(map);
    if (Object.keys(bases).length > 1) L.control.layers(bases, undefined, { position: 'topright' }).addTo(map);
    L.control.scale({ imperial: false }).addTo(map);
    overlayRef.current = L.layerGroup().addTo(map);
    return () => {
      map.remove();
      mapRef.current = null;
      fitted.current = false;
      layersRef.current = {};
      overlayRef.current = null;
    };
  }, [holder, gis]);

  // A layer is rebuilt when the part of the data it draws changed, and so is every layer above a
  // rebuilt one, so paths keep their drawing order; hidden ones are left off.
  const builtFrom = useRef<Partial<Record<MapLayerKey, unknown>>>({});
  useEffect(() => {
    builtFrom.current = {};
  }, [actions, holder, gis]);
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    let below = false;
    for (const key of LAYER_ORDER) {
      const source = visible[key] ? data[MAP_LAYERS[key].draws] : undefined;
      if (!below && key in builtFrom.current && builtFrom.current[key] === source) continue;
      below = true;
      layersRef.current[key]?.remove();
      delete layersRef.current[key];
      builtFrom.current[key] = source;
      if (!visible[key]) continue;
      layersRef.current[key] = MAP_LAYERS[key].build({ data, actions }).addTo(map);
    }
  }, [data, actions, visible, holder, gis]);

  // The spec's centre and zoom 13 show a city; once the park's layout is known the map shows the
  // park itself (园区 goes back there, 全域 to the spec's zoom 7).
  const parkBounds = useMemo(() => {
    const points = [
      ...(layout.data?.gates ?? []).flatMap((g) => (g.position ? [g.position] : [])),
      ...(layout.data?.roads ?? []).flatMap((r) => r.path),
      ...(layout.data?.zones ?? []).flatMap((z) => z.polygon),
    ];
    return points.length ? L.latLngBounds(points.map(([lng, lat]) => [lat, lng] as [number, number])).pad(0.15) : null;
  }, [layout.data]);
  useEffect(() => {
    if (!mapRef.current || !parkBounds || fitted.current) return;
    fitted.current = true;
    mapRef.current.fitBounds(parkBounds, { animate: false });
  }, [parkBounds, holder]);
  const showPark = () => {
    if (parkBounds) mapRef.current?.fitBounds(parkBounds);
    else mapRef.current?.setView([PARK_MAP.centerLat, PARK_MAP.centerLng], PARK_MAP.initZoom);
  };

  /** A chosen point: the range circle around it, and the map goes there at zoom 16. */
  const focus = (lat: number, lng: number) => {
    const map = mapRef.current;
    if (!map) return;
    overlayRef.current?.clearLayers();
    L.circle([lat, lng], { radius: range, color: RANGE_COLOR, fillColor: RANGE_COLOR, fillOpacity: 0.12, weight: 2, className: 'park-range' }).addTo(overlayRef.current!);
    map.setView([lat, lng], PARK_MAP.panZoom);
  };

  // The tools take the map's clicks.
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    drawRef.current?.finish();
    if (tool === 'zone' || tool === 'route') {
      drawRef.current?.clear();
      drawRef.current = new DrawTool(map, tool, setDrawn);
      return () => drawRef.current?.finish();
    }
    if (tool === 'evacuate') {
      map.getContainer().classList.add('park-map-drawing');
      const onClick = (e: L.LeafletMouseEvent) => {
        const { lat, lng } = e.latlng;
        void park.evacuation(lat, lng).then((r) => {
          overlayRef.current?.clearLayers();
          L.circle([lat, lng], { radius: rangeRef.current, color: RANGE_COLOR, fillColor: RANGE_COLOR, fillOpacity: 0.12, weight: 2, className: 'park-range' }).addTo(overlayRef.current!);
          L.polyline(
            r.path.map(([x, y]) => [y, x] as [number, number]),
            { color: '#52c41a', weight: 6, opacity: 0.9, className: 'park-evacuation' },
          ).addTo(overlayRef.current!);
          L.circleMarker([lat, lng], { radius: 6, color: '#F33', fillColor: '#F33', fillOpacity: 1 }).addTo(overlayRef.current!);
          const text = `疏散至 ${r.exitName}，${r.straight ? '直线距离' : '沿道路'}约 ${r.lengthM} 米`;
          setEvacuation(text);
        });
      };
      map.on('click', onClick);
      return () => {
        map.off('click', onClick);
        map.getContainer().classList.remove('park-map-drawing');
      };
    }
    return undefined;
  }, [tool, holder]);

  const chooseTool = (next: Tool) => {
    setDrawn([]);
    setEvacuation(null);
    setTool(next);
  };

  const searchPlate = (text: string) => {
    const q = text.trim().toUpperCase();
    if (!q) return;
    const found = data.tracks.find((t) => t.plate.includes(q));
    const last = found?.points[found.points.length - 1];
    if (!found || !last) {
      message.warning(`未找到在园危化品车辆：${q}`);
      return;
    }
    focus(last.position[1], last.position[0]);
    message.success(`已定位 ${found.plate}`);
  };

  const noTiles = !gis.tileUrl;
  return (
    <div className="park-map-page" data-testid="park-map">
      <aside className="park-map-sidebar" style={{ width: MAP_SIDEBAR_WIDTH }}>
        <div>
          <h3>车辆搜索</h3>
          <Input.Search placeholder="输入车牌号" allowClear value={plate} onChange={(e) => setPlate(e.target.value)} onSearch={searchPlate} enterButton="定位" />
        </div>
        <div>
          <h3>图层</h3>
          <Space direction="vertical" size={2}>
            {LAYER_ORDER.map((key) => (
              <Checkbox key={key} checked={visible[key]} onChange={(e) => setVisible((v) => ({ ...v, [key]: e.target.checked }))}>
                {MAP_LAYERS[key].label}
              </Checkbox>
            ))}
          </Space>
        </div>
        <div>
          <h3>工具</h3>
          <Radio.Group className="park-map-tools" optionType="button" buttonStyle="solid" size="small" options={TOOLS} value={tool} onChange={(e) => chooseTool(e.target.value as Tool)} />
          <div className="park-map-status" style={{ marginTop: 6 }}>
            范围半径（米）
            <InputNumber size="small" min={50} max={5000} step={50} value={range} onChange={(v) => setRange(v ?? RANGE_DEFAULT_M)} style={{ width: 90, marginLeft: 6 }} />
          </div>
          {tool === 'evacuate' && <div className="park-map-status" data-testid="evacuation-result">{evacuation ?? '在地图上点击起点，规划至最近出口的疏散路线'}</div>}
          {(tool === 'zone' || tool === 'route') && (
            <div className="park-map-status" data-testid="drawing-result">
              {drawn.length === 0 ? `在地图上依次点击，绘制${tool === 'zone' ? '区域' : '路线'}` : `已绘制 ${drawn.length} 个点，${measure(tool, drawn)}`}
              <Space style={{ marginTop: 6 }}>
                <Button size="small" onClick={() => drawRef.current?.finish()}>完成</Button>
                <Button size="small" onClick={() => { drawRef.current?.clear(); chooseTool('browse'); }}>清除</Button>
              </Space>
            </div>
          )}
          <Space style={{ marginTop: 6 }}>
            <Button size="small" onClick={showPark}>园区</Button>
            <Button size="small" onClick={() => mapRef.current?.setView([PARK_MAP.centerLat, PARK_MAP.centerLng], PARK_MAP.consoleZoom)}>全域</Button>
            <Button size="small" onClick={() => { overlayRef.current?.clearLayers(); setEvacuation(null); }}>清除标注</Button>
          </Space>
        </div>
        <div>
          <h3>待处置报警（{data.alarms.length}）</h3>
          {data.alarms.slice(0, 30).map((a) => (
            <button
              key={a.id}
              type="button"
              className="park-map-alarm-item"
              style={{ ['--alarm-color' as string]: ALARM_LEVEL_COLORS[a.alarmLevel] }}
              onClick={() => (a.lat !== null && a.lng !== null ? focus(a.lat, a.lng) : setDisposing(a))}
            >
              <b>{a.alarmLevelName}</b> {a.alarmTypeName}
              <br />
              {a.plate ?? a.deviceName ?? ''} {a.alarmTime.slice(5, 16)}
            </button>
          ))}
        </div>
      </aside>
      <div style={{ flex: 1, minWidth: 0, position: 'relative', display: 'flex', flexDirection: 'column' }}>
        {noTiles && <Alert type="info" showIcon banner message="未配置地图服务（TILE_URL），以坐标网格显示园区；图层、搜索与工具均可正常使用" />}
        {tilesFailed && <Alert type="error" showIcon banner message="地图加载失败,请检查网络" />}
        <div ref={setHolder} className="park-map" style={{ flex: 1 }} />
      </div>
      <DisposeDialog alarm={disposing} onClose={() => setDisposing(null)} />
    </div>
  );
}
