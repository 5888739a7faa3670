// The first module of a service's thread (see thread.ts): runs the entry module the main thread
// named. Plain JavaScript, so it starts under any loader; a thread inherits no loader hooks (tsx's
// from `node --import tsx`, a test runner's own), so it registers tsx here before a TypeScript entry.
import { workerData } from 'node:worker_threads';

if (workerData.entry.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
// Tracing, when on, starts here: before the entry's modules load, as the instrumentations need.
await import('./tracing/register.mjs');
await import(workerData.entry);
