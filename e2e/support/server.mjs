// Starts the built console for the journeys with a fresh data folder, so every run
// sees the same seeded local Lab API. Started with node itself so the PID is the server's.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = path.join(root, 'test-results/e2e-data');
rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
process.chdir(root);
await import(pathToFileURL(path.join(root, 'dist/server/start.js')).href);
