// Runs the built console for one journey, on the data folder and port it is given
// (DATA_DIR, PORT). Started with node itself so the PID is the server's.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '../..');
if (!process.env.DATA_DIR || !process.env.PORT) {
  console.error('e2e/support/server.mjs needs DATA_DIR and PORT');
  process.exit(1);
}
process.chdir(root);
await import(pathToFileURL(path.join(root, 'dist/server/start.js')).href);
