import { describe, expect, it } from 'vitest';
import { chartSize } from './use-chart-size.ts';

describe('chartSize', () => {
  it.each([
    [375, { width: 340, height: 250 }],
    [639, { width: 340, height: 250 }],
    [640, { width: 500, height: 300 }],
    [1279, { width: 500, height: 300 }],
    [1280, { width: 600, height: 500 }],
    [1920, { width: 600, height: 500 }],
  ])('at %s px wide is %j', (width, size) => {
    expect(chartSize(width)).toEqual(size);
  });
});
