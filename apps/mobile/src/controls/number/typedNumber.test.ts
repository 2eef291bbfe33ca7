import { describe, expect, it } from 'vitest';
import { typedNumber } from './typed.ts';

describe('a number typed on the phone', () => {
  it('goes to the form as a number when it reads as one, as text otherwise (core refuses it then)', () => {
    expect(typedNumber('12.5', false)).toBe(12.5);
    expect(typedNumber(' 40 ', false)).toBe(40);
    expect(typedNumber('', false)).toBeNull();
    expect(typedNumber('12.', false)).toBe('12.');
    expect(typedNumber('1e3', false)).toBe('1e3');
    expect(typedNumber('90071992547409931', true)).toBe('90071992547409931');
  });
});
