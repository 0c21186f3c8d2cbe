// A Lab API stand-in that answers from memory: the first GET of an address is passed to the
// local Lab API and kept, every later one is served from the kept bytes. The chart benchmark
// puts it between a BFF and the local Lab API to measure the console's own cost: on this
// machine the local Lab API generates a year of samples on the same two cores as the BFF and
// the browser, where a deployed Lab API spends its CPU on its own servers.
import { createServer } from 'node:http';

const DROPPED_REQUEST_HEADERS = new Set([
  'host',
  'connection',
  'content-length',
  'accept-encoding',
]);

export async function startReplayUpstream(labApi) {
  const kept = new Map();
  const server = createServer(async (req, res) => {
    const key = `${req.method} ${req.url}`;
    const known = req.method === 'GET' ? kept.get(key) : undefined;
    if (known) {
      res.writeHead(known.status, known.headers).end(known.body);
      return;
    }
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([name]) => !DROPPED_REQUEST_HEADERS.has(name)),
    );
    const upstream = await fetch(`${labApi}${req.url}`, {
      method: req.method,
      headers,
      body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
    });
    const body = Buffer.from(await upstream.arrayBuffer());
    const answer = {
      status: upstream.status,
      headers: {
        'content-type': upstream.headers.get('content-type') ?? 'application/json',
        'content-length': String(body.length),
      },
      body,
    };
    if (req.method === 'GET' && upstream.status === 200) kept.set(key, answer);
    res.writeHead(answer.status, answer.headers).end(answer.body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}
