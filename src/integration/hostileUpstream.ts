import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/*
 * A Lab API that misbehaves on purpose, on a loopback port: it answers what each test
 * scripts for a route (HTML where a PDF belongs, a body dripped a byte at a time, 429 and
 * 503 with Retry-After...) and counts every call, so a test can tell how often the BFF
 * called it. Routes nobody scripted answer 404 JSON, as the real Lab API would.
 */

export type Behaviour = (request: IncomingMessage, response: ServerResponse) => void;

export interface HostileUpstream {
  url: string;
  /** Scripts `METHOD /path` (no query); later calls replace earlier scripts. */
  on(route: string, behaviour: Behaviour): void;
  /** How many times `METHOD /path` was called since the last `reset`. */
  calls(route: string): number;
  reset(): void;
  close(): Promise<void>;
}

export async function startHostileUpstream(): Promise<HostileUpstream> {
  const behaviours = new Map<string, Behaviour>();
  const counts = new Map<string, number>();
  const sockets = new Set<Socket>();

  const server = createServer((request, response) => {
    const route = `${request.method} ${(request.url ?? '').split('?')[0]}`;
    counts.set(route, (counts.get(route) ?? 0) + 1);
    // The request body is read whatever the script does, as a real server would.
    request.resume();
    const behaviour = behaviours.get(route);
    if (behaviour) return behaviour(request, response);
    answer(response, 404, { 'content-type': 'application/json' }, '{"detail":"Not Found"}');
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `http://127.0.0.1:${port}`,
    on: (route, behaviour) => void behaviours.set(route, behaviour),
    calls: (route) => counts.get(route) ?? 0,
    reset() {
      behaviours.clear();
      counts.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Connections a dripping answer still holds would keep the server open.
        for (const socket of sockets) socket.destroy();
      }),
  };
}

export function answer(
  response: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: string | Uint8Array = '',
) {
  response.writeHead(status, headers);
  response.end(body);
}

/**
 * Sends the headers at once, then one byte of `body` every `everyMs`: each read is quick,
 * the whole answer is not. Stops when the client goes away.
 */
export function drip(body: string, everyMs: number): Behaviour {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    let sent = 0;
    const timer = setInterval(() => {
      if (sent >= body.length || response.destroyed) {
        clearInterval(timer);
        response.end();
        return;
      }
      response.write(body[sent++]);
    }, everyMs);
    response.on('close', () => clearInterval(timer));
  };
}

/** Answers the scripted behaviours in turn, then repeats the last one. */
export function inTurn(...behaviours: Behaviour[]): Behaviour {
  let next = 0;
  return (request, response) => {
    const behaviour = behaviours[Math.min(next++, behaviours.length - 1)];
    behaviour?.(request, response);
  };
}
