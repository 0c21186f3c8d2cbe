// The worker's entry when the host runs from TypeScript source (tsx, vitest): Node 20 gives a
// worker no loader from its parent's `--import`, so this thread registers tsx itself.
import { register } from 'tsx/esm/api';

register();
await import('./labApiWorker.ts');
