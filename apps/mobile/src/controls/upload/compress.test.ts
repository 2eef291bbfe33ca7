import { describe, expect, it } from 'vitest';
import { fitWithin, jpegName, MAX_IMAGE_SIDE } from './compress.ts';

describe('photo compression sizing', () => {
  it('fits the longer side within the limit, keeping proportions, never enlarging', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: MAX_IMAGE_SIDE, height: 1200 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 1200, height: MAX_IMAGE_SIDE });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(0, 600)).toEqual({ width: 0, height: 0 });
    expect(fitWithin(10000, 1)).toEqual({ width: MAX_IMAGE_SIDE, height: 1 });
  });

  it('names the re-encoded photo .jpg', () => {
    expect(jpegName('IMG_0001.HEIC')).toBe('IMG_0001.jpg');
    expect(jpegName('车辆.png')).toBe('车辆.jpg');
    expect(jpegName('noext')).toBe('noext.jpg');
    expect(jpegName('.png')).toBe('photo.jpg');
  });
});
