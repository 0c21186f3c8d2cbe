// Starts one of the benchmarks' servers in its own process and resolves, once its
// stdout matches `readyPattern`, with the URL the pattern's first group captured.
// `nodeArgs` go before the script (e.g. `--import tsx` for a TypeScript one).
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** Every server started here, for the benchmark's `finally` to stop. */
export const children = [];

export function serve(script, env, readyPattern, nodeArgs = []) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, script], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = readyPattern.exec(out);
      if (m) resolve({ url: m[1], child });
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}: ${out}`)));
  });
}
