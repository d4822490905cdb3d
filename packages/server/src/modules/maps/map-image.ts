/** Map image checks: the type is read from the bytes (magic numbers), never from a file name or header. */
import crypto from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';

/** Image types a map accepts (issue API contract: PNG, JPEG or WebP). */
export const MAP_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** One of MAP_IMAGE_TYPES. */
export type MapImageType = (typeof MAP_IMAGE_TYPES)[number];

const isMapImageType = (value: string): value is MapImageType => (MAP_IMAGE_TYPES as readonly string[]).includes(value);

/**
 * Detects a map image's type from its content.
 * @returns the MIME type, or undefined when the bytes are not a PNG, JPEG or WebP image.
 */
export async function detectMapImageType(bytes: Uint8Array): Promise<MapImageType | undefined> {
  const detected = await fileTypeFromBuffer(bytes);
  return detected && isMapImageType(detected.mime) ? detected.mime : undefined;
}

/** Whether a Content-Type header (parameters ignored) names an accepted image type. */
export function isAcceptedImageHeader(header: string | undefined): boolean {
  const type = header?.split(';')[0]?.trim().toLowerCase();
  return type !== undefined && isMapImageType(type);
}

/** A strong ETag for the bytes: the quoted SHA-256 (hex). */
export const strongEtag = (bytes: Uint8Array): string => `"${crypto.createHash('sha256').update(bytes).digest('hex')}"`;

/**
 * Whether an If-None-Match header matches the ETag (RFC 9110 weak comparison: `W/` prefixes are ignored).
 * @param header the raw header, e.g. '"abc", W/"def"' or '*'.
 */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
