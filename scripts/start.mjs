// `npm start`: builds once when no build exists, then runs the bundled server.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const server = path.join(root, 'dist/server/start.js');
const web = path.join(root, 'dist/web/index.html');

if (!existsSync(server) || !existsSync(web)) {
  console.log('No build found: building the console first…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.chdir(root);
await import(pathToFileURL(server).href);
