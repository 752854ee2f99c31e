import 'server-only';
// What an uploaded photo may carry beyond its pixels (EXIF with the camera's GPS position, XMP, comments) is dropped
// before it is stored: the image is decoded, turned upright by its EXIF orientation, and encoded again in its own
// format. sharp writes no metadata unless asked; the colour profile is kept so colours do not shift.
import sharp, { type Sharp } from 'sharp';
import { HttpError } from '../../core/errors';
import { IMAGE_MAX_PIXELS, NOT_AN_IMAGE, type ImageFormat } from '../../storage/image-rules';

const ENCODE: Record<ImageFormat, (image: Sharp) => Sharp> = {
  jpeg: (image) => image.jpeg({ quality: 92, mozjpeg: true }),
  png: (image) => image.png(),
  webp: (image) => image.webp({ quality: 92 }),
  avif: (image) => image.avif({ quality: 70 }),
};

/** The image upright and without metadata; a file whose header reads but whose pixels do not decode is a 415. */
export async function withoutMetadata(bytes: Uint8Array, format: ImageFormat): Promise<Uint8Array> {
  const image = sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS }).rotate().keepIccProfile();
  try {
    return new Uint8Array(await ENCODE[format](image).toBuffer());
  } catch {
    throw new HttpError(415, NOT_AN_IMAGE, 'unsupported_image');
  }
}
