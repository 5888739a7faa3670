/** The baseline: a bare Express 5 route with a JSON body, nothing else. */
import express from 'express';

const app = express();
app.use(express.json());
app.get('/bare', (_req, res) => void res.json({ ok: true, results: [{ n: 'GLYCERIN', c: 'HU' }] }));
app.post('/bare', (req, res) => void res.json({ ok: true, lines: Array.isArray(req.body?.lines) ? req.body.lines.length : 0 }));
const port = Number(process.env.PORT ?? 0);
const server = app.listen(port, '127.0.0.1', (err?: Error) => {
  if (err) throw err;
  const a = server.address();
  console.log(`LISTENING ${typeof a === 'object' && a ? a.port : port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
