/**
 * What the platform asks of park devices. Each command goes through one of these interfaces;
 * which implementation answers is configuration (PARK_DEVICE_ADAPTER): the built-in simulator, or
 * the HTTP gateway adapter that forwards to the park's device gateway (PARK_GATEWAY_URL).
 */
export interface CommandResult {
  ok: boolean;
  /** The device's (or gateway's) own result code. */
  code: string;
  /** The device's answer, in Chinese, shown to the operator. */
  message: string;
  data?: unknown;
}

export interface GateRef {
  id: string;
  code: string;
  name: string;
}

export interface HostRef {
  id: string;
  code: string;
  name: string;
  online: boolean;
}

export interface WhiteListEntry {
  plate: string;
  gateCodes: string[] | null;
  validFrom: string;
  validTo: string;
  ownerName: string | null;
}

export interface DoorAdapter {
  open(gate: GateRef, laneId: string | null): Promise<CommandResult>;
}

export interface WhiteListAdapter {
  sync(entries: WhiteListEntry[]): Promise<CommandResult>;
}

export interface HostState {
  hostId: string;
  volume: number;
  /** What the host is playing, if anything. */
  playing: { kind: 'card' | 'text' | 'music' | 'extern'; name: string } | null;
}

export interface AudioCard {
  cardId: string;
  cardName: string;
}

export interface MusicFile {
  id: string;
  groupName: string;
  fileName: string;
  durationS: number;
}

export interface BroadcastAdapter {
  state(hosts: HostRef[]): Promise<HostState[]>;
  setVolume(hosts: HostRef[], volume: number): Promise<CommandResult>;
  audioCards(): Promise<AudioCard[]>;
  playCard(hosts: HostRef[], card: AudioCard): Promise<CommandResult>;
  playText(hosts: HostRef[], text: string, repeat: number): Promise<CommandResult>;
  playMusic(hosts: HostRef[], files: MusicFile[]): Promise<CommandResult>;
  playExtern(hosts: HostRef[], name: string, url: string): Promise<CommandResult>;
  stop(hosts: HostRef[]): Promise<CommandResult>;
}

export interface DeviceAdapters {
  door: DoorAdapter;
  whiteList: WhiteListAdapter;
  broadcast: BroadcastAdapter;
}
