/** Page route file (relative to src/web/routes) → gzip bytes of its first-paint JavaScript. */
export function firstPaintBytes(webDir: string): Map<string, number>;
