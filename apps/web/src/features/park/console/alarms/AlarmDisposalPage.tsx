import { useEffect, useRef, useState } from 'react';
import { Button, Descriptions, Drawer, Select, Space, Table, type TableColumnsType } from 'antd';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { ALARM_LEVEL_CODES, ALARM_LEVEL_COLORS, ALARM_LEVELS, ALARM_TYPE_CODES, ALARM_TYPES, PARK_MAP, type AlarmLevel } from '@park/core';
import { tableLocale } from '../../../../lib/ListPage.tsx';
import { tablePagination, usePaging } from '../../../../lib/paging.ts';
import { CoordinateGrid } from '../../../../controls/place/gis/coordinateGrid.ts';
import { MAP_LAYERS } from '../../map/layers/registry.ts';
import type { MapActions } from '../../map/types.ts';
import '../../map/map.css';
import { park, type AlarmRow } from '../api.ts';
import { ConsoleScreen, Panel } from '../ConsoleFrame.tsx';
import { LastRefresh } from '../LastRefresh.tsx';
import { useLive } from '../live.ts';
import { AlarmLevelTag, HandledTag } from '../tags.tsx';
import { DisposeDialog } from './DisposeDialog.tsx';

/** Where the alarm happened, among the park's roads and zones, on a small map (a grid when no tiles are configured). */
function AlarmSpot({ alarm }: { alarm: AlarmRow }) {
  const holder = useRef<HTMLDivElement | null>(null);
  const layout = useLive(['map'], park.map);
  useEffect(() => {
    if (!holder.current || alarm.lat === null || alarm.lng === null) return;
    const center: [number, number] = [alarm.lat, alarm.lng];
    const map = L.map(holder.current, { center, zoom: PARK_MAP.panZoom, attributionControl: false });
    new CoordinateGrid().addTo(map);
    const ctx = { data: { layout: layout.data, tracks: [], alarms: [] }, actions: NO_ACTIONS };
    for (const key of ['zones', 'roads'] as const) MAP_LAYERS[key].build(ctx).addTo(map);
    L.circle([alarm.lat, alarm.lng], { radius: 100, color: PARK_MAP.rangeColor, fillColor: PARK_MAP.rangeColor, fillOpacity: 0.12 }).addTo(map);
    L.circleMarker([alarm.lat, alarm.lng], { radius: 9, color: '#fff', weight: 2, fillColor: ALARM_LEVEL_COLORS[alarm.alarmLevel], fillOpacity: 1 }).addTo(map);
    // The drawer slides in: measure again once it stands, and centre on the alarm again.
    const timer = window.setTimeout(() => map.invalidateSize().setView(center, PARK_MAP.panZoom), 350);
    return () => {
      window.clearTimeout(timer);
      map.remove();
    };
  }, [alarm, layout.data]);
  if (alarm.lat === null || alarm.lng === null) return <div className="park-map-status">该报警未上报位置</div>;
  return <div ref={holder} style={{ height: 260, borderRadius: 6 }} data-testid="alarm-spot" />;
}

/** The small map only shows where: its popups act on nothing. */
const NO_ACTIONS: MapActions = { openCamera: () => undefined, disposeAlarm: () => undefined, openGate: () => undefined, openBroadcast: () => undefined };

const LEVEL_OPTIONS = ALARM_LEVEL_CODES.map((c) => ({ value: c, label: ALARM_LEVELS[c] }));
const TYPE_OPTIONS = ALARM_TYPE_CODES.map((c) => ({ value: c, label: ALARM_TYPES[c].label }));

/**
 * 报警处置 (issue 24): the alarms, newest first and refreshed live, by level (spec 002 §3 colours),
 * type and state; a row's detail shows where it happened, and 处置 records what was done.
 */
export function AlarmDisposalPage() {
  const paging = usePaging();
  const [level, setLevel] = useState<AlarmLevel | undefined>();
  const [type, setType] = useState<string | undefined>();
  const [handled, setHandled] = useState<0 | 1 | undefined>(0);
  const [detail, setDetail] = useState<AlarmRow | null>(null);
  const [disposing, setDisposing] = useState<AlarmRow | null>(null);
  const list = useLive(['warnList', paging.pageNum, paging.pageSize, level, type, handled], (s) =>
    park.warnList({ pageNum: paging.pageNum, pageSize: paging.pageSize, alarmLevel: level, alarmType: type, handled }, s),
  );
  const numbers = useLive(['warnNumbers'], park.warnNumbers);

  const columns: TableColumnsType<AlarmRow> = [
    { title: '报警等级', dataIndex: 'alarmLevel', width: 110, render: (l: AlarmLevel) => <AlarmLevelTag level={l} /> },
    { title: '报警类型', dataIndex: 'alarmTypeName', width: 130 },
    { title: '报警内容', dataIndex: 'content', ellipsis: true },
    { title: '车牌/设备', width: 140, render: (_, r) => r.plate ?? r.deviceName ?? '-' },
    { title: '报警时间', dataIndex: 'alarmTime', width: 170 },
    { title: '状态', dataIndex: 'handled', width: 90, render: (h: 0 | 1) => <HandledTag handled={h} /> },
    {
      title: '操作',
      width: 140,
      render: (_, r) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => setDetail(r)}>
            详情
          </Button>
          {r.handled === 0 && (
            <Button type="link" size="small" danger onClick={() => setDisposing(r)}>
              处置
            </Button>
          )}
        </Space>
      ),
    },
  ];
  const n = numbers.data?.data;
  return (
    <ConsoleScreen title="报警处置" testId="park-alarms" extra={<LastRefresh at={list.dataUpdatedAt} />}>
      <div className="park-figures">
        {(n?.levels ?? []).map((l) => (
          <div key={l.code} className="park-level-figure" style={{ borderLeft: `4px solid ${ALARM_LEVEL_COLORS[l.code as AlarmLevel]}` }} data-testid={`waiting-${l.code}`}>
            <div className="park-level-figure-label">待处置{l.name}</div>
            <div className="park-level-figure-value">{l.value}</div>
          </div>
        ))}
        <div className="park-level-figure" data-testid="today-total">
          <div className="park-level-figure-label">今日报警 / 已处置</div>
          <div className="park-level-figure-value">
            {n?.total ?? '-'} / {n?.handled ?? '-'}
          </div>
        </div>
      </div>
      <Panel
        title="报警列表"
        extra={
          <Space wrap>
            <Select allowClear placeholder="报警等级" style={{ width: 120 }} options={LEVEL_OPTIONS} value={level} onChange={(v) => { setLevel(v); paging.reset(); }} />
            <Select allowClear placeholder="报警类型" style={{ width: 140 }} options={TYPE_OPTIONS} value={type} onChange={(v) => { setType(v); paging.reset(); }} />
            <Select allowClear placeholder="处置状态" style={{ width: 110 }} options={[{ value: 0, label: '未处置' }, { value: 1, label: '已处置' }]} value={handled} onChange={(v) => { setHandled(v); paging.reset(); }} />
          </Space>
        }
      >
        <Table<AlarmRow>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={list.data?.datas ?? []}
          loading={list.isLoading}
          locale={tableLocale}
          pagination={tablePagination(paging, list.data?.totalCount ?? 0)}
          onRow={(r) => ({ style: { boxShadow: `inset 3px 0 0 ${ALARM_LEVEL_COLORS[r.alarmLevel]}` } })}
        />
      </Panel>
      <Drawer open={detail !== null} title="报警详情" size={520} onClose={() => setDetail(null)} destroyOnHidden>
        {detail && (
          <>
            <Descriptions size="small" column={1} bordered>
              <Descriptions.Item label="报警等级">
                <AlarmLevelTag level={detail.alarmLevel} />
              </Descriptions.Item>
              <Descriptions.Item label="报警类型">{detail.alarmTypeName}</Descriptions.Item>
              <Descriptions.Item label="报警内容">{detail.content}</Descriptions.Item>
              <Descriptions.Item label="车牌">{detail.plate ?? '-'}</Descriptions.Item>
              <Descriptions.Item label="企业">{detail.companyName ?? '-'}</Descriptions.Item>
              <Descriptions.Item label="道路/区域">{[detail.roadName, detail.zoneName].filter(Boolean).join(' / ') || '-'}</Descriptions.Item>
              <Descriptions.Item label="设备">{detail.deviceName ?? '-'}</Descriptions.Item>
              <Descriptions.Item label="报警时间">{detail.alarmTime}</Descriptions.Item>
              <Descriptions.Item label="位置">{detail.lat !== null ? `${detail.lat}, ${detail.lng}` : '-'}</Descriptions.Item>
              <Descriptions.Item label="状态">
                <HandledTag handled={detail.handled} />
              </Descriptions.Item>
              {detail.handled === 1 && (
                <>
                  <Descriptions.Item label="处置人">{detail.handledName}</Descriptions.Item>
                  <Descriptions.Item label="处置时间">{detail.handledTime}</Descriptions.Item>
                  <Descriptions.Item label="处置情况">{detail.disposal}</Descriptions.Item>
                </>
              )}
            </Descriptions>
            <h4 style={{ margin: '12px 0 6px' }}>报警位置</h4>
            <AlarmSpot alarm={detail} />
            {detail.handled === 0 && (
              <Button type="primary" danger style={{ marginTop: 12 }} onClick={() => { setDisposing(detail); setDetail(null); }}>
                处置
              </Button>
            )}
          </>
        )}
      </Drawer>
      <DisposeDialog alarm={disposing} onClose={() => setDisposing(null)} />
    </ConsoleScreen>
  );
}
