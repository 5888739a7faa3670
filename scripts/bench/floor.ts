/**
 * The floor of the architecture: a bare Express 5 route that makes one grpc-js unary call to a
 * server in the same process, on loopback, as the embedded start does, and answers with what came
 * back. No authentication, limits, validation, metrics or engine: whatever the gateway's POST
 * /check costs above this is ours; this much is the price of Express plus one gRPC hop.
 * The answer is a recorded CheckResponse of the bench formula, so both messages have the real size.
 */
import * as grpc from '@grpc/grpc-js';

import { lineToProto, proto } from '@svc/protos';
import type { CheckResponse } from '@svc/protos/gen/svc/v1/CheckResponse';
import type { EnvelopeClient } from '@svc/protos/gen/svc/v1/Envelope';
import express from 'express';

const ANSWER: CheckResponse = {
  verdict: 'compatible',
  categories: [
    { code: 'AQ', name: 'aqueous', load: 12, status: 'ok' },
    { code: 'HU', name: 'humectant/glycol', load: 3, max: 15, share: 0.2, status: 'ok' },
    { code: 'AV', name: 'active', load: 4, max: 10, share: 0.4, status: 'ok' },
    { code: 'PR', name: 'preservative', load: 0.9, max: 1.5, share: 0.6, status: 'ok' },
    { code: 'BO', name: 'booster/multifunctional', load: 0.1, max: 3, share: 0.033, status: 'ok' },
  ],
  remedies: [],
  maxLoads: { EM: 32, SA: 1.6, SN: 3.2, CA: 0.3, AL: 8, EL: 1, AC: 2, FR: 1, PO: 2, HU: 15, AV: 10, PR: 1.5, BO: 3 },
  lines: [
    { n: 'AQUA', inci: 'AQUA', c: 'AQ', pct: 12, matched: true, line: 0, trace: false },
    { n: 'GLYCERIN', inci: 'GLYCERIN', c: 'HU', pct: 3, matched: true, line: 1, trace: false },
    { n: 'NIACINAMIDE', inci: 'NIACINAMIDE', c: 'AV', pct: 4, matched: true, line: 2, trace: false },
    { n: 'PHENOXYETHANOL', inci: 'PHENOXYETHANOL', c: 'PR', pct: 0.9, matched: true, line: 3, trace: false },
    { n: 'ETHYLHEXYLGLYCERIN', inci: 'ETHYLHEXYLGLYCERIN', c: 'BO', pct: 0.1, matched: true, line: 3, trace: false },
  ],
  unmatched: [],
  packVersion: 'floor',
};

const grpcServer = new grpc.Server();
grpcServer.addService(proto.envelope.service, { Check: (_call: unknown, cb: grpc.sendUnaryData<CheckResponse>) => cb(null, ANSWER) });
const grpcPort = await new Promise<number>((resolve, reject) =>
  grpcServer.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, port) => (err ? reject(err) : resolve(port))),
);
const envelope = new proto.envelope(`127.0.0.1:${grpcPort}`, grpc.credentials.createInsecure()) as unknown as EnvelopeClient;

const app = express();
app.use(express.json());
app.post('/check', (req, res) => {
  const b = req.body ?? {};
  const request = { base: b.base, basePct: b.basePct, ph: b.ph, lines: Array.isArray(b.lines) ? b.lines.map(lineToProto) : [] };
  envelope.Check(request, { deadline: Date.now() + 3_000 }, (err, out) => {
    if (err) return void res.status(503).json({ error: { code: 'service_unavailable', message: err.message } });
    res.json(out);
  });
});
const port = Number(process.env.PORT ?? 0);
const server = app.listen(port, '127.0.0.1', (err?: Error) => {
  if (err) throw err;
  const a = server.address();
  console.log(`LISTENING ${typeof a === 'object' && a ? a.port : port}`);
});
process.on('SIGTERM', () => {
  envelope.close();
  grpcServer.forceShutdown();
  server.close(() => process.exit(0));
});
