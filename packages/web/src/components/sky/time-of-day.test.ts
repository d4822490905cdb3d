import { describe, expect, it } from 'vitest';
import { decimalHours, layerStyles, skyBlendAt, skyStateAt } from './time-of-day';

describe('skyBlendAt (SPEC §4 time of day)', () => {
  it.each([
    [0, 'night', 'night', 0],
    [4.99, 'night', 'night', 0],
    [21, 'night', 'night', 0],
    [23.5, 'night', 'night', 0],
  ])('shows pure night at %s h', (hours, from, to, t) => {
    expect(skyBlendAt(hours)).toEqual({ from, to, t });
  });

  it('starts blending night into sunrise at 05:00 and is halfway at 06:00', () => {
    expect(skyBlendAt(5)).toEqual({ from: 'night', to: 'sunrise', t: 0 });
    expect(skyBlendAt(6)).toEqual({ from: 'night', to: 'sunrise', t: 0.5 });
  });

  it('shows pure sunrise at 07:00, then blends towards day until 18:00', () => {
    expect(skyBlendAt(7)).toEqual({ from: 'sunrise', to: 'day', t: 0 });
    expect(skyBlendAt(17.99).to).toBe('day');
    expect(skyBlendAt(17.99).t).toBeGreaterThan(0.99);
  });

  it('blends day into sunset from 18:00 to 20:00', () => {
    expect(skyBlendAt(18)).toEqual({ from: 'day', to: 'sunset', t: 0 });
    expect(skyBlendAt(19)).toEqual({ from: 'day', to: 'sunset', t: 0.5 });
  });

  it('blends sunset into night from 20:00 to 21:00', () => {
    expect(skyBlendAt(20)).toEqual({ from: 'sunset', to: 'night', t: 0 });
    expect(skyBlendAt(20.5)).toEqual({ from: 'sunset', to: 'night', t: 0.5 });
  });

  it('reads the local clock of a Date, minutes included', () => {
    expect(decimalHours(new Date(2025, 0, 1, 6, 30))).toBe(6.5);
  });
});

describe('skyStateAt', () => {
  it('shows stars and hides the sun at night', () => {
    const state = skyStateAt(2);
    expect(state.starOpacity).toBe(1);
    expect(state.sunOpacity).toBe(0);
    expect(state.phase).toBe('night');
  });

  it('hides the stars at midday and keeps the layer weights summing to 1', () => {
    const state = skyStateAt(12);
    expect(state.starOpacity).toBe(0);
    const total = Object.values(state.weights).reduce((sum, w) => sum + w, 0);
    expect(total).toBeCloseTo(1);
  });

  it('puts the sun higher at noon than at sunrise', () => {
    expect(skyStateAt(13).sun.y).toBeLessThan(skyStateAt(6).sun.y);
  });
});

describe('layerStyles', () => {
  it('keeps the from-sky opaque underneath and fades the to-sky in on top', () => {
    const styles = layerStyles({ from: 'sunset', to: 'night', t: 0.25 });
    expect(styles.sunset).toEqual({ opacity: 1, zIndex: 1 });
    expect(styles.night).toEqual({ opacity: 0.25, zIndex: 2 });
    expect(styles.day.opacity).toBe(0);
  });
});
