import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { logRedaction } from './logRedaction';

function logger() {
  const lines: string[] = [];
  // The logger the BFF gets: Fastify's pino, with the same options as in app.ts.
  const { log } = Fastify({
    logger: {
      level: 'trace',
      redact: logRedaction('X-Service-API-Key'),
      stream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      }),
    },
  });
  return { log, lines };
}

describe('logRedaction', () => {
  it('censors credential headers at the top and one level down, whatever the level', () => {
    const { log, lines } = logger();
    const headers = {
      cookie: 'lab_session=SECRET-1',
      authorization: 'Bearer SECRET-2',
      'x-service-api-key': 'SECRET-3',
      'content-type': 'application/json',
    };
    log.trace({ busboyOptions: { headers } }, 'nested');
    log.info({ headers }, 'top');
    log.error({ upstream: { headers: { 'set-cookie': 'lab_session=SECRET-4' } } }, 'answer');
    const written = lines.join('\n');
    expect(lines).toHaveLength(3);
    expect(written).not.toMatch(/SECRET/);
    expect(written).toContain('application/json');
    expect(written.match(/\[redacted\]/g)).toHaveLength(7);
  });

  it('still writes a line that holds a Buffer (an HTTP parse error carries its raw packet)', () => {
    const { log, lines } = logger();
    const err = Object.assign(new Error('Parse Error'), {
      rawPacket: Buffer.from('GET / HTTP/1.1'),
    });
    expect(() => log.trace({ err, body: new Uint8Array(4) }, 'client error')).not.toThrow();
    expect(lines).toHaveLength(1);
  });
});
