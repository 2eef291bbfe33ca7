import dns from 'node:dns/promises';
import net from 'node:net';

export const HOST_TEXT = {
  notAllowed: (h: string) => `主机 ${h.slice(0, 100)} 不在管理员允许的数据源主机列表中（DATASOURCE_ALLOWED_HOSTS）`,
  forbiddenAddress: (h: string, a: string) => `主机 ${h.slice(0, 100)} 解析到受保护的地址 ${a}（本机、链路本地或云元数据地址），不允许连接`,
  unresolved: (h: string) => `无法解析主机 ${h.slice(0, 100)}`,
  badHost: '主机地址不合法',
} as const;

export class HostRefused extends Error {
  override name = 'HostRefused';
}

/** Loopback, link-local, unspecified and cloud metadata addresses: never reached unless listed by address. */
const PROTECTED = new net.BlockList();
PROTECTED.addSubnet('127.0.0.0', 8, 'ipv4');
PROTECTED.addSubnet('169.254.0.0', 16, 'ipv4');
PROTECTED.addSubnet('0.0.0.0', 8, 'ipv4');
PROTECTED.addAddress('100.100.100.200', 'ipv4'); // Alibaba Cloud metadata
PROTECTED.addAddress('::1', 'ipv6');
PROTECTED.addAddress('::', 'ipv6');
PROTECTED.addSubnet('fe80::', 10, 'ipv6');
PROTECTED.addAddress('fd00:ec2::254', 'ipv6'); // AWS metadata over IPv6
PROTECTED.addSubnet('::ffff:127.0.0.0', 104, 'ipv6');
PROTECTED.addSubnet('::ffff:169.254.0.0', 112, 'ipv6');

const HOST = /^[A-Za-z0-9.:\-_[\]]{1,253}$/;

/**
 * The administrator's list (DATASOURCE_ALLOWED_HOSTS): host names, addresses or CIDR ranges.
 * A protected address is only reachable when the list names that address (or a range holding it)
 * itself; allowing a host name never opens loopback or metadata addresses it may resolve to.
 */
export class HostPolicy {
  private readonly names = new Set<string>();
  private readonly addresses = new net.BlockList();
  private hasAddresses = false;

  constructor(entries: readonly string[]) {
    for (const raw of entries) {
      const e = raw.trim().toLowerCase();
      if (!e) continue;
      const [addr, bits] = e.split('/');
      const family = net.isIP(addr!);
      if (family && bits !== undefined) {
        this.addresses.addSubnet(addr!, Number(bits), family === 4 ? 'ipv4' : 'ipv6');
        this.hasAddresses = true;
      } else if (family) {
        this.addresses.addAddress(addr!, family === 4 ? 'ipv4' : 'ipv6');
        this.hasAddresses = true;
      } else this.names.add(e);
    }
  }

  private listedAddress(address: string): boolean {
    if (!this.hasAddresses) return false;
    return this.addresses.check(address, net.isIP(address) === 6 ? 'ipv6' : 'ipv4');
  }

  /**
   * The address to connect to (resolved once here, so a second lookup cannot answer differently),
   * or a refusal in Chinese.
   */
  async resolve(rawHost: string): Promise<string> {
    const host = rawHost.trim().replace(/^\[(.*)\]$/, '$1').toLowerCase();
    if (!HOST.test(host)) throw new HostRefused(HOST_TEXT.badHost);
    const literal = net.isIP(host) !== 0;
    if (!this.names.has(host) && !(literal && this.listedAddress(host))) throw new HostRefused(HOST_TEXT.notAllowed(host));
    let addresses: string[];
    if (literal) addresses = [host];
    else {
      try {
        addresses = (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address);
      } catch {
        throw new HostRefused(HOST_TEXT.unresolved(host));
      }
    }
    if (addresses.length === 0) throw new HostRefused(HOST_TEXT.unresolved(host));
    for (const a of addresses) {
      const family = net.isIP(a) === 6 ? 'ipv6' : 'ipv4';
      if (PROTECTED.check(a, family) && !this.listedAddress(a)) throw new HostRefused(HOST_TEXT.forbiddenAddress(host, a));
    }
    return addresses[0]!;
  }
}
