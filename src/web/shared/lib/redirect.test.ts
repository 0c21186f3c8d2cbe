import { describe, expect, it } from 'vitest';
import { DEFAULT_AFTER_SIGN_IN, safeRedirect } from './redirect';

describe('safeRedirect', () => {
  it('keeps same-origin relative paths with their search and hash', () => {
    expect(safeRedirect('/orders/new')).toBe('/orders/new');
    expect(safeRedirect('/orders?page=2#top')).toBe('/orders?page=2#top');
    expect(safeRedirect('/orders/3f0c?x=%2F%2Fevil')).toBe('/orders/3f0c?x=%2F%2Fevil');
  });

  it.each([
    undefined,
    null,
    42,
    '',
    'orders',
    '//evil.example',
    '//evil.example/orders',
    '/\\evil.example',
    '/\\/evil.example',
    '\\\\evil.example',
    'https://evil.example/orders',
    'http:/evil.example',
    'javascript:alert(1)',
    ' /orders',
    '/orders\n//evil',
    '/\t/evil.example',
    '/sign-in',
    '/sign-in?redirect=/orders',
    '/api/session',
    `/${'a'.repeat(3000)}`,
  ])('rejects %j', (value) => {
    expect(safeRedirect(value)).toBe(DEFAULT_AFTER_SIGN_IN);
  });

  it('normalises dot segments without leaving the origin', () => {
    expect(safeRedirect('/orders/../orders/new')).toBe('/orders/new');
    expect(safeRedirect('/../../evil')).toBe('/evil');
  });
});
