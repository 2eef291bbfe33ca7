import type { AudioCard, BroadcastAdapter, CommandResult, DeviceAdapters, HostRef, HostState, WhiteListEntry } from './adapters.ts';

const ok = (message: string, data?: unknown): CommandResult => ({ ok: true, code: '0', message, ...(data === undefined ? {} : { data }) });

/** An offline host answers nothing: the command fails for all, as a real broadcast server reports. */
function offline(hosts: HostRef[]): CommandResult | null {
  const down = hosts.filter((h) => !h.online);
  return down.length ? { ok: false, code: 'OFFLINE', message: `广播主机离线：${down.map((h) => h.name).join('、')}` } : null;
}

const CARDS: AudioCard[] = [
  { cardId: 'mic-1', cardName: '调度台话筒' },
  { cardId: 'line-1', cardName: '音频采集卡（线路输入）' },
];

/**
 * The built-in devices: a door that opens, a white list that accepts, and broadcast hosts that
 * keep their volume and what they play in memory. Used by the demo park and the tests, and
 * wherever no gateway is configured.
 */
export function simulatedAdapters(): DeviceAdapters {
  const hostState = new Map<string, HostState>();
  const stateOf = (h: HostRef) => {
    let s = hostState.get(h.id);
    if (!s) hostState.set(h.id, (s = { hostId: h.id, volume: 60, playing: null }));
    return s;
  };
  const play = (hosts: HostRef[], playing: HostState['playing'], message: string): CommandResult => {
    const refused = offline(hosts);
    if (refused) return refused;
    for (const h of hosts) stateOf(h).playing = playing;
    return ok(message);
  };
  const broadcast: BroadcastAdapter = {
    state: async (hosts) => hosts.map((h) => ({ ...stateOf(h) })),
    setVolume: async (hosts, volume) => {
      const refused = offline(hosts);
      if (refused) return refused;
      for (const h of hosts) stateOf(h).volume = volume;
      return ok(`音量已设置为 ${volume}`);
    },
    audioCards: async () => CARDS,
    playCard: async (hosts, card) => play(hosts, { kind: 'card', name: card.cardName }, `正在通过${card.cardName}广播`),
    playText: async (hosts, text, repeat) => play(hosts, { kind: 'text', name: text.slice(0, 50) }, `文字广播已开始，播放 ${repeat} 遍`),
    playMusic: async (hosts, files) => play(hosts, { kind: 'music', name: files.map((f) => f.fileName).join('、') }, `正在播放 ${files.length} 首曲目`),
    playExtern: async (hosts, name) => play(hosts, { kind: 'extern', name }, `正在播放 ${name}`),
    stop: async (hosts) => play(hosts, null, '已停止播放'),
  };
  return {
    door: { open: async (gate) => ok(`${gate.name}道闸已开启`) },
    whiteList: { sync: async (entries: WhiteListEntry[]) => ok(`已下发 ${entries.length} 条白名单`, { synced: entries.length }) },
    broadcast,
  };
}
