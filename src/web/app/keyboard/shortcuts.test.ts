import { describe, expect, it } from 'vitest';
import { commandFor } from './shortcuts';

const key = (
  k: string,
  mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {},
) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe('commandFor', () => {
  it('opens the palette with Ctrl-K or Cmd-K, even while typing', () => {
    expect(commandFor(key('k', { ctrlKey: true }), true, false)).toEqual({ kind: 'palette' });
    expect(commandFor(key('K', { metaKey: true }), false, false)).toEqual({ kind: 'palette' });
  });

  it('leaves every other key to a field being typed in', () => {
    expect(commandFor(key('?'), true, false)).toBeNull();
    expect(commandFor(key('/'), true, false)).toBeNull();
    expect(commandFor(key('o'), true, true)).toBeNull();
  });

  it('reads ? and / and the key after g', () => {
    expect(commandFor(key('?'), false, false)).toEqual({ kind: 'help' });
    expect(commandFor(key('/'), false, false)).toEqual({ kind: 'search' });
    expect(commandFor(key('o'), false, true)).toEqual({ kind: 'go', key: 'o' });
    expect(commandFor(key('o'), false, false)).toBeNull();
    expect(commandFor(key('o', { ctrlKey: true }), false, true)).toBeNull();
  });
});
