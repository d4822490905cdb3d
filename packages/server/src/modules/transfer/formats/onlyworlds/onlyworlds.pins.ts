/**
 * Where OnlyWorlds and Loreforge put a pin: OnlyWorlds' `pin.yaml` measures x and y "from bottom left of the
 * map", Loreforge from the image's top-left corner (docs/export-format.md "OnlyWorlds"). x is the same; y is
 * flipped against the map's height in pixels: on import the map element's `height`, else its image's; on
 * export the image's height (written as the map's `height`), else the lowest point's y for a map without image.
 */
import { imageSize } from 'image-size';

/**
 * The height in pixels of a PNG, JPEG or WebP image.
 * @returns the height, or undefined when the bytes are not an image it can read.
 */
export function imageHeight(bytes: Uint8Array | undefined): number | undefined {
  if (!bytes) return undefined;
  try {
    const { height } = imageSize(bytes);
    return height > 0 ? height : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A y coordinate measured from the other edge of a map `height` pixels tall (the flip is its own inverse).
 * @returns `height - y`, never below 0.
 */
export const flipY = (y: number, height: number): number => Math.max(0, height - y);
