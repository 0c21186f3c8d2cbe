import type { IMAGE_CONTENT_TYPES } from '../../../../contract/orderRequest';
import { IMAGE_MAX_BYTES } from '../../../../contract/messages';

type ImageType = (typeof IMAGE_CONTENT_TYPES)[number];

/** The type by the file's first bytes, not its name or the browser's guess. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.every((b, i) => bytes[i] === b)) return 'image/png';
  return null;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}

/** A JPEG or PNG file as the API's `{content, content_type}`, or why it cannot be one. */
export async function readImage(
  file: File,
): Promise<
  { ok: true; image: { content: string; content_type: ImageType } } | { ok: false; message: string }
> {
  if (file.size > IMAGE_MAX_BYTES) return { ok: false, message: 'The image can be at most 10 MB' };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImageType(bytes);
  if (!type) return { ok: false, message: 'Use a JPEG or PNG image' };
  return { ok: true, image: { content: toBase64(bytes), content_type: type } };
}
