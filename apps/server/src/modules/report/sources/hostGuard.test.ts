import { describe, expect, it } from 'vitest';
import { HostPolicy } from './hostGuard.ts';

describe('datasource host policy', () => {
  it('refuses every host the administrator did not list', async () => {
    const p = new HostPolicy([]);
    await expect(p.resolve('127.0.0.1')).rejects.toThrow('不在管理员允许的数据源主机列表中');
    await expect(p.resolve('169.254.169.254')).rejects.toThrow('不在管理员允许的数据源主机列表中');
    await expect(p.resolve('db.example')).rejects.toThrow('不在管理员允许的数据源主机列表中');
  });

  it('never opens loopback, link-local or metadata addresses through an allowed name', async () => {
    await expect(new HostPolicy(['localhost']).resolve('localhost')).rejects.toThrow('受保护的地址');
    await expect(new HostPolicy(['0.0.0.0/0']).resolve('169.254.169.254')).resolves.toBe('169.254.169.254');
    await expect(new HostPolicy(['10.0.0.0/8']).resolve('169.254.169.254')).rejects.toThrow('不在管理员允许');
  });

  it('allows listed addresses and ranges, protected ones only when listed themselves', async () => {
    await expect(new HostPolicy(['10.0.0.0/8']).resolve('10.1.2.3')).resolves.toBe('10.1.2.3');
    await expect(new HostPolicy(['127.0.0.1']).resolve('127.0.0.1')).resolves.toBe('127.0.0.1');
    await expect(new HostPolicy(['127.0.0.1']).resolve('[::1]')).rejects.toThrow();
    await expect(new HostPolicy(['a']).resolve('a b;')).rejects.toThrow('主机地址不合法');
  });
});
