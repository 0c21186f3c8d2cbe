import { describe, expect, it } from 'vitest';
import { readImage, sniffImageType } from './image';

describe('sniffImageType', () => {
  it('knows JPEG and PNG by their first bytes', () => {
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(
      sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])),
    ).toBe('image/png');
  });
  it('refuses anything else, whatever its name says', async () => {
    expect(sniffImageType(new Uint8Array([0x47, 0x49, 0x46, 0x38]))).toBeNull();
    const gif = new File([new Uint8Array([0x47, 0x49, 0x46, 0x38])], 'signature.png');
    expect(await readImage(gif)).toEqual({ ok: false, message: 'Use a JPEG or PNG image' });
  });
  it('reads a PNG as base64 content', async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const result = await readImage(new File([bytes], 'x.bin'));
    expect(result).toEqual({
      ok: true,
      image: { content: 'iVBORw0KGgo=', content_type: 'image/png' },
    });
  });
});
