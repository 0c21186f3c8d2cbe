// `npm run bench`: builds when needed, then runs every benchmark under bench/ in turn.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('dist/server/start.js') || !existsSync('dist/web/index.html')) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const only = process.argv[2];
const scripts = [
  'bench/bundle-size.mjs',
  'bench/proxy.mjs',
  'bench/ordering.mjs',
  'bench/orders-list.mjs',
  'bench/review.mjs',
  'bench/uploads.mjs',
  'bench/notifications.mjs',
  'bench/chart.mjs',
  'bench/lighthouse.mjs',
];
for (const script of scripts) {
  if (only && !script.includes(only)) continue;
  console.log(`\n== ${script}`);
  const result = spawnSync(process.execPath, [script], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
