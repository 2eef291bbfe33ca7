import { describe, expect, it } from 'vitest';
import { FOREIGN_FRAME_SANDBOX, jumpFrameSandbox } from './jump.ts';

describe('jumpFrameSandbox (issue 26)', () => {
  const origin = 'http://park.local:8080';
  it('gives a page of this system no sandbox', () => {
    expect(jumpFrameSandbox('/closed-park-web/form/detail/3/7', origin)).toBeNull();
    expect(jumpFrameSandbox('http://park.local:8080/closed-park-web/home', origin)).toBeNull();
  });
  it('never lets a foreign page act as this origin', () => {
    for (const url of ['https://example.com/x', 'http://park.local:9090/x', 'https://park.local:8080/x']) {
      const sandbox = jumpFrameSandbox(url, origin);
      expect(sandbox).toBe(FOREIGN_FRAME_SANDBOX);
      expect(sandbox).not.toContain('allow-same-origin');
    }
  });
});

describe('jumpFrameSandbox edge cases', () => {
  it('treats default ports and letter case alike, and anything unreadable as foreign', () => {
    expect(jumpFrameSandbox('HTTP://Park.Local/x', 'http://park.local:80')).toBeNull();
    expect(jumpFrameSandbox('//example.com/x', 'http://park.local')).toBe(FOREIGN_FRAME_SANDBOX);
    expect(jumpFrameSandbox('http://user@park.local/x', 'http://park.local')).toBe(FOREIGN_FRAME_SANDBOX);
    expect(jumpFrameSandbox('javascript:alert(1)', 'http://park.local')).toBe(FOREIGN_FRAME_SANDBOX);
  });
});
