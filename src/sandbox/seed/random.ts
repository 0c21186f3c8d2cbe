import { createHash } from 'node:crypto';

/**
 * The seed must give the same ids, names and statuses on every run, so nothing here
 * reads the clock or `Math.random`: a small seeded generator and ids hashed from names.
 */

/** mulberry32: a tiny, well-known 32-bit PRNG; plenty for demo data, never for secrets. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  /** A string of decimal digits, for tracking and sample numbers. */
  digits(length: number): string;
}

export function createRandom(seed: number): Random {
  const next = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick<T>(items: readonly T[]): T {
      const item = items[int(0, items.length - 1)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    chance: (probability) => next() < probability,
    digits: (length) => Array.from({ length }, () => String(int(0, 9))).join(''),
  };
}

/**
 * A UUID derived from a name: SHA-256 of the name, shaped as a version-4 UUID (version
 * and variant bits set) so that strict UUID validators accept it.
 */
export function uuidFrom(name: string): string {
  const hex = createHash('sha256').update(`lab-sandbox:${name}`).digest('hex');
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `4${hex.slice(13, 16)}`,
    `${variant}${hex.slice(17, 20)}`,
    hex.slice(20, 32),
  ].join('-');
}
