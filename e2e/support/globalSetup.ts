import { seedOnce } from './stack';

/** Seeds the local Lab API once; every journey then starts from a copy of it. */
export default async function globalSetup() {
  await seedOnce();
}
