import { describe, expect, it } from 'vitest';
import type { FormControl } from '@park/core';
import { remoteUrlOf } from './options.ts';

const control = (options: Record<string, unknown>) => ({ type: 'select', model: 's1', options }) as unknown as FormControl;

describe('remoteUrlOf (a choice control loading its options while the form runs)', () => {
  it('reads the remoteUrl of a 远程数据 control (remote: false, the family reads it inverted)', () => {
    expect(remoteUrlOf(control({ remote: false, remoteUrl: ' /api/dic/items?code=A ' }))).toBe('/api/dic/items?code=A');
  });
  it('ignores the remoteUrl of a static-list control', () => {
    expect(remoteUrlOf(control({ remote: true, remoteUrl: '/api/dic/items' }))).toBeNull();
  });
  it('never calls another host', () => {
    expect(remoteUrlOf(control({ remote: false, remoteUrl: 'https://example.org/x' }))).toBeNull();
    expect(remoteUrlOf(control({ remote: false, remoteUrl: '//example.org/x' }))).toBeNull();
  });
});
