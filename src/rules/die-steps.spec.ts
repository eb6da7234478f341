import { stepDown, stepUp } from './die-steps.js';

describe('die steps', () => {
  it.each([
    [4, 6, 4],
    [6, 8, 4],
    [8, 10, 6],
    [10, 12, 8],
    [12, 12, 10],
  ])('d%p steps up to d%p and down to d%p', (sides, up, down) => {
    expect(stepUp(sides)).toBe(up);
    expect(stepDown(sides)).toBe(down);
  });

  it.each([2, 3, 20, 100, 0, -4])('refuses d%p, which is not a die step', (sides) => {
    expect(() => stepUp(sides)).toThrow(RangeError);
    expect(() => stepDown(sides)).toThrow(RangeError);
  });
});
