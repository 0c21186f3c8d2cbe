// The transport floor of bench/chart.mjs: the same pages the console asked for, fetched
// through the same BFF with the same session, in one worker that only JSON.parses them —
// no schema, no folding, no drawing. What a year of data costs before the console does
// anything with it. The page is served on the console's own origin by Playwright (so the
// session cookie goes with every request, as it does for the console's loading worker)
// and is not part of the console.
/* global self, window */

const PATH = '/__bench/transport-floor';

function worker() {
  self.onmessage = async (event) => {
    // A Blob worker's base URL is the blob: URL, which relative paths cannot resolve
    // against, so the page hands over its own origin.
    const { windows, concurrency, origin } = event.data;
    let next = 0;
    let pages = 0;
    let bytes = 0;
    const lane = async () => {
      while (next < windows.length) {
        const first = windows[next++];
        let cursor = null;
        do {
          const path = cursor
            ? `${first}${first.includes('?') ? '&' : '?'}${new URLSearchParams({ next_cursor: cursor })}`
            : first;
          const response = await fetch(origin + path, {
            credentials: 'same-origin',
            headers: { 'x-lab-console': '1', accept: 'application/json' },
          });
          const text = await response.text();
          bytes += text.length;
          const body = JSON.parse(text);
          pages += 1;
          cursor = body.next_cursor ?? null;
        } while (cursor);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, windows.length) }, lane));
    self.postMessage({ pages, bytes });
  };
}

const html = `<!doctype html><html lang="en"><head><title>transport floor</title></head><body><script>
window.loadYear = (windows, concurrency) => new Promise((resolve) => {
  const source = '(' + ${JSON.stringify(worker.toString())} + ')()';
  const w = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
  const began = performance.now();
  w.onmessage = (event) => resolve({ ms: performance.now() - began, ...event.data });
  w.postMessage({ windows, concurrency, origin: location.origin });
});
</script></body></html>`;

/**
 * Loads `windows` (the BFF paths of each window's first page) in a fresh tab of `context`
 * on `base`'s origin, `concurrency` windows side by side; resolves with the time from the
 * first request to the last page parsed, the pages and the characters read.
 */
export async function loadTransportFloor(context, base, windows, concurrency) {
  await context.route(`${base}${PATH}`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: html }),
  );
  const tab = await context.newPage();
  try {
    await tab.goto(`${base}${PATH}`);
    return await tab.evaluate(([w, c]) => window.loadYear(w, c), [windows, concurrency]);
  } finally {
    await tab.close();
    await context.unroute(`${base}${PATH}`);
  }
}
