/** Pin coordinates between OnlyWorlds (from the bottom-left) and Loreforge (from the image's top-left). */
import { describe, expect, it } from 'vitest';
import { TINY_PNG } from '../../../../../test/resilience/full-world.js';
import { flipY, imageHeight } from './onlyworlds.pins.js';

describe('OnlyWorlds pins', () => {
  it('reads the height of an image and nothing from bytes that are not one', () => {
    expect(imageHeight(TINY_PNG)).toBe(1);
    expect(imageHeight(Buffer.from('not an image'))).toBeUndefined();
    expect(imageHeight(undefined)).toBeUndefined();
  });

  it('measures y from the other edge, both ways, never below the map', () => {
    expect(flipY(30, 100)).toBe(70);
    expect(flipY(flipY(30, 100), 100)).toBe(30);
    expect(flipY(120, 100)).toBe(0);
  });
});
