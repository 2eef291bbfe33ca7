import type { GatewayTreeNode } from '../gatewayPaths.ts';

/*
 * The simulated park's camera tree: a root organisation, four camera groups and 13 channels, some
 * offline, some also offering HLS or FLV (HTTP-FLV). Channel ids follow the DSS form deviceCode$1$0$channelNo.
 */
export const SIM_ROOT = '001';

const group = (id: string, name: string): GatewayTreeNode => ({ id, pId: SIM_ROOT, name, nodeType: 'org' });
const camera = (device: number, name: string, pId: string, online = true, browser: 'hls' | 'flv' | null = null): GatewayTreeNode => ({
  id: `100${String(device).padStart(4, '0')}$1$0$0`,
  pId,
  name,
  nodeType: 'channel',
  isOnline: online ? '1' : '0',
  hls: browser === 'hls' ? '1' : '0',
  flv: browser === 'flv' ? '1' : '0',
});

export const SIM_TREE: GatewayTreeNode[] = [
  { id: SIM_ROOT, pId: '', name: '园区视频监控', nodeType: 'org' },
  group('001001', '一号罐区'),
  group('001002', '二号罐区'),
  group('001003', '园区出入口'),
  group('001004', '危化品停车场'),
  camera(1, '一号罐区东侧', '001001', true, 'hls'),
  camera(2, '一号罐区西侧', '001001'),
  camera(3, '一号罐区泵房', '001001'),
  camera(4, '一号罐区围堰', '001001', false),
  camera(5, '二号罐区东侧', '001002', true, 'flv'),
  camera(6, '二号罐区西侧', '001002'),
  camera(7, '二号罐区装卸台', '001002'),
  camera(8, '二号罐区围堰', '001002'),
  camera(9, '东门车道', '001003', true, 'hls'),
  camera(10, '西门车道', '001003'),
  camera(11, '南门人行道', '001003'),
  camera(12, '停车场入口', '001004'),
  camera(13, '停车场北区', '001004'),
];

/** The plug-in version the simulated platform expects the operator to have installed. */
export const SIM_PLAYER_VERSION = '3.2.1';
