/**
 * The bench's system under test: the embedded start (as `npm start` runs it), plus a second gateway
 * on the same services without the standing and screening stages, so that one run measures what
 * those stages cost a POST /check. Prints both addresses; stops on SIGTERM.
 */
import { mkdirSync } from 'node:fs';
import { loadConfig, onShutdown, type Peers } from '@svc/kit';
import { startGateway } from '@svc/gateway/gateway';
import { startSystem, threadsSetting } from '../system';

const dataDir = process.env.SVC_DATA_DIR ?? '.data';
mkdirSync(dataDir, { recursive: true });
const { SVC_THREADS: threads } = loadConfig({ SVC_THREADS: threadsSetting() });
const sys = await startSystem({ threads, dataDir, host: '127.0.0.1', port: 0, logLevel: process.env.SVC_LOG_LEVEL ?? 'warn', ratePerSecond: Number(process.env.SVC_RATE_LIMIT_PER_SEC ?? 0) });
const peers = Object.fromEntries(Object.entries(sys.services).map(([n, s]) => [n, `127.0.0.1:${s.port}`])) as unknown as Peers;
const bare = await startGateway({ peers, bus: sys.adapters.bus, kv: sys.adapters.kv, log: sys.log, host: '127.0.0.1', port: 0, ratePerSecond: Number(process.env.SVC_RATE_LIMIT_PER_SEC ?? 0), withoutCompliance: true });
console.log(`Without compliance: ${bare.url}`);
console.log(`Base URL: ${sys.url}`);
onShutdown(sys.log, async () => {
  await bare.stop();
  await sys.stop();
});
