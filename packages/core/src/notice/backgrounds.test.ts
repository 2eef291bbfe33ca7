import { describe, expect, it } from 'vitest';
import { NOTICE_DEFAULT_BACKGROUND, isNoticeBackgroundKey, noticeBackgroundAsset, noticeBackgroundUrl } from './backgrounds.ts';

describe('notice backgrounds', () => {
  it('accepts only the built-in keys', () => {
    expect(isNoticeBackgroundKey('safety')).toBe(true);
    for (const bad of ['', '../x', 'SAFETY', 1, null, undefined]) expect(isNoticeBackgroundKey(bad)).toBe(false);
  });
  it('an unknown key falls back to the default image, never into the path', () => {
    expect(noticeBackgroundAsset('/b', '../../etc')).toBe(`/b/notice-bg/${NOTICE_DEFAULT_BACKGROUND}.svg`);
  });
  it('an uploaded file wins; neither means the default', () => {
    expect(noticeBackgroundUrl('/b', { backgroundFileId: '7', backgroundKey: null })).toBe('/api/file/image/7');
    expect(noticeBackgroundUrl('/b', { backgroundKey: 'alert' })).toBe('/b/notice-bg/alert.svg');
    expect(noticeBackgroundUrl('/b', {})).toBe('/b/notice-bg/default.svg');
  });
});
