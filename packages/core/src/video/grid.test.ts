import { describe, expect, it } from 'vitest';
import { browserClass, checkPlaybackRange, compareVersions, defaultRedirect, divisionFor, gridSide, pluginUpdateOffered, splitStreamUrls, streamTypeFor, timelineBlocks } from './index.ts';

describe('video wall rules', () => {
  it('gives a square grid whose side is the ceiling of the square root', () => {
    expect([1, 2, 4, 5, 9, 10, 16].map(gridSide)).toEqual([1, 2, 2, 3, 3, 4, 4]);
    expect(divisionFor(9)).toBe(9);
    expect(divisionFor(5)).toBe(9);
    expect(divisionFor(0)).toBe(1);
  });
  it('asks for the sub stream from 4 streams up', () => {
    expect([1, 3, 4, 9].map(streamTypeFor)).toEqual([1, 1, 2, 2]);
  });
  it('splits pipe-separated addresses and redirects port 9090', () => {
    expect(splitStreamUrls('rtsp://a:9090/x| rtsp://b:554/y |')).toEqual(['rtsp://a:9090/x', 'rtsp://b:554/y']);
    expect(defaultRedirect('rtsp://10.0.0.1:9090/dss/playback')).toBe(true);
    expect(defaultRedirect('rtsp://10.0.0.1:554/dss/playback')).toBe(false);
  });
  it('offers an update only when the server version is greater', () => {
    expect(compareVersions('3.2.10', '3.2.9')).toBe(1);
    expect(pluginUpdateOffered('3.2.1', '3.2.1')).toBe(false);
    expect(pluginUpdateOffered('3.3.0', '3.2.1')).toBe(true);
    expect(pluginUpdateOffered('3.3.0', null)).toBe(false);
  });
  it('tells the plug-in the browser class', () => {
    expect(browserClass('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36')).toBe(2);
    expect(browserClass('Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/79.0.3945.88 Safari/537.36')).toBe(1);
    expect(browserClass('Mozilla/5.0 (Windows NT 10.0; rv:120.0) Gecko/20100101 Firefox/120.0')).toBe(2);
    expect(browserClass('Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko')).toBe(0);
  });
  it('refuses an inverted playback range', () => {
    expect(checkPlaybackRange('2026-11-25 10:00:00', '2026-11-25 09:00:00')).toEqual({ ok: false, message: '开始时间不得大于结束时间' });
    expect(checkPlaybackRange('2026-11-25 09:00:00', '2026-11-25 10:00:00').ok).toBe(true);
    expect(checkPlaybackRange('2026-11-01 09:00:00', '2026-11-25 10:00:00').ok).toBe(false);
    expect(checkPlaybackRange('2026-02-30 09:00:00', '2026-03-01 10:00:00').ok).toBe(false);
  });
  it('places record segments on the day timeline, clipped to the day', () => {
    const day = 1_000_000;
    const blocks = timelineBlocks(
      [
        { startTime: String(day - 100), endTime: String(day + 8640), recordType: '1', recordName: 'a', fileLength: '1' },
        { startTime: String(day + 86_400), endTime: String(day + 90_000), recordType: '1', recordName: 'b', fileLength: '1' },
      ],
      day,
    );
    expect(blocks).toHaveLength(1);
    expect(blocks[0]!.left).toBe(0);
    expect(blocks[0]!.width).toBeCloseTo(0.1);
  });
});
