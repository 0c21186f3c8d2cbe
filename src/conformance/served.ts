import type { FastifyInstance } from 'fastify';
import { documentOperations, labApiDocument, type Operation } from './document';

/*
 * Which document operations the local Lab API serves, asked from outside: every Lab API
 * route checks the team key before anything else, and an unknown path answers 404 before
 * any authentication (as FastAPI does). So a request without a key answers 401 exactly
 * when a route takes it, and that 401 is checked to be FastAPI's `{detail}` too.
 */

/** A concrete path for a templated one: every parameter becomes a UUID. */
const concrete = (path: string) =>
  path.replace(/\{[^}]+\}/g, '7d2c1a9e-3b4f-4c6d-9e8f-0a1b2c3d4e5f');

export async function servedOperations(
  baseUrl: string,
  operations: readonly Operation[] = documentOperations(labApiDocument),
): Promise<string[]> {
  const served: string[] = [];
  for (const op of operations) {
    const response = await fetch(new URL(concrete(op.path), baseUrl), { method: op.method });
    const body = (await response.json()) as { detail?: unknown };
    if (typeof body.detail !== 'string' || Object.keys(body).length !== 1) {
      throw new Error(`${op.key} answered ${JSON.stringify(body)} without a key`);
    }
    if (response.status === 401) served.push(op.key);
    else if (response.status !== 404) {
      throw new Error(`${op.key} answered ${String(response.status)} without a key`);
    }
  }
  return served;
}

const segments = (path: string) => path.split('/').filter(Boolean);
const isParameter = (segment: string) => segment.startsWith(':') || segment.startsWith('{');

/** True when some concrete path could reach both the route and the document path. */
function overlaps(routePath: string, documentPath: string): boolean {
  const a = segments(routePath);
  const b = segments(documentPath);
  return (
    a.length === b.length &&
    a.every((part, i) => {
      const other = b[i] ?? '';
      return isParameter(part) || isParameter(other) || part === other;
    })
  );
}

/** The local Lab API's routes (`METHOD /path`) that answer no operation of the document. */
export function servedRoutes(app: FastifyInstance, operations: readonly Operation[]): string[] {
  return app.labApiRoutes.filter((route) => {
    const [method = '', path = ''] = route.split(' ');
    return !operations.some((op) => op.method === method && overlaps(path, op.path));
  });
}
