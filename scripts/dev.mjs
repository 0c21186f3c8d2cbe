// `npm run dev`: the BFF (with the local Lab API) reloading on change, and Vite's dev
// server in front of it with hot reload; /api is proxied from Vite to the BFF.
import { spawn } from 'node:child_process';

const bffPort = process.env.BFF_PORT ?? '3000';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/start.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: bffPort, PUBLIC_URL: 'http://localhost:5173' },
  }),
  spawn('npx', ['vite', '--port', '5173', '--strictPort'], {
    stdio: 'inherit',
    env: { ...process.env, BFF_PORT: bffPort },
  }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
