import sharp from 'sharp';
import { SIGNATURE_MAX_BYTES } from '@loan/shared-contract';
import { invalid } from '@loan/shared-server';

/** Signature images: decoded by their content and re-encoded, never trusted by a name, a type or magic bytes. */

const MAX_IMAGE_PIXELS = 4096 * 4096;
export const NOT_AN_IMAGE = 'The signature must be a PNG or JPEG image.';
export const TOO_LARGE = 'The signature image must be smaller than 1 MB.';

/**
 * The image as a clean PNG: a PNG or JPEG is decoded and its pixels written anew, so
 * nothing else travels with it (bytes after the image end, text chunks, metadata: what
 * makes a file a PNG and also an HTML page or an archive). Null when it is not one.
 */
export async function cleanImage(buf: Buffer): Promise<Buffer | null> {
  try {
    const meta = await sharp(buf, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
    if (meta.format !== 'png' && meta.format !== 'jpeg') return null;
    return await sharp(buf, { limitInputPixels: MAX_IMAGE_PIXELS }).png().toBuffer();
  } catch {
    return null;
  }
}

export async function decodeDataUrl(field: string, dataUrl: string): Promise<{ buf: Buffer; mime: string }> {
  const buf = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (buf.length > SIGNATURE_MAX_BYTES) throw invalid(field, TOO_LARGE);
  const clean = await cleanImage(buf);
  if (!clean) throw invalid(field, NOT_AN_IMAGE);
  return { buf: clean, mime: 'image/png' };
}

