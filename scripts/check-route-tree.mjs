// Fails when regenerating the route tree would change the committed routeTree.gen.ts.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const file = 'src/web/routeTree.gen.ts';
const before = readFileSync(file, 'utf8');
const result = spawnSync('npx', ['tsr', 'generate'], { stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);
const after = readFileSync(file, 'utf8');
if (after !== before) {
  console.error(`${file} was out of date; it has been regenerated. Commit the new version.`);
  process.exit(1);
}
console.log(`${file} is up to date.`);
