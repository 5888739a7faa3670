/**
 * The fixed-path lookup in front of Express' router is a shortcut, not a second router: for every
 * request, the route it serves (or leaves to the router) is the one Express' router alone would
 * pick. Compared here on the real table, over every route and the ways a path can be written.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type RequestHandler } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations, restRouter, type Operation, type PipelineDeps } from '../src/operations/index';
import { OPERATION_DEPS } from './support/app';

const OPS: Operation[] = operations(OPERATION_DEPS);

/** Every entry answers with its own id and the route the access log would name. */
const echo = Object.fromEntries(
  OPS.map((op) => [op.id, ((req, res) => void res.json({ id: op.id, route: req.route?.path ?? null, params: req.params })) as RequestHandler]),
);

async function serve(handlers: RequestHandler[]): Promise<{ server: Server; url: string }> {
  const app = express();
  app.use(...handlers);
  app.use((_req, res) => void res.status(404).json({ id: null }));
  const server = createServer(app).listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('the fixed-path lookup', () => {
  let withLookup: Awaited<ReturnType<typeof serve>>;
  let routerOnly: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    const [fixed, router] = restRouter(OPS, {} as PipelineDeps, echo);
    withLookup = await serve([fixed!, router!]);
    routerOnly = await serve([router!]);
  });
  afterAll(() => {
    withLookup.server.close();
    routerOnly.server.close();
  });

  const shapes = (path: string): string[] => {
    const p = path.replace(':id', 'sub_1').replace('*rest', 'x/y');
    return [p, `${p}/`, `${p}//`, p.toUpperCase(), `${p}?q=1`, `${p}/?a=b`, `${p}x`, `/x${p}`, `/${p.slice(1).replace(/\//g, '%2F')}`, `${p}#frag`];
  };

  it('serves what the router alone serves, for every route, method and spelling of its path', async () => {
    const cases = OPS.flatMap((op) => shapes(op.path).flatMap((path) => ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'].map((method) => ({ method, path }))));
    let served = 0;
    for (const { method, path } of cases) {
      const ask = async (base: string) => {
        const r = await fetch(`${base}${path}`, { method });
        return { status: r.status, allow: r.headers.get('allow'), body: method === 'HEAD' ? '' : await r.text() };
      };
      const [a, b] = await Promise.all([ask(withLookup.url), ask(routerOnly.url)]);
      expect(a, `${method} ${path}`).toEqual(b);
      if (a.status === 200 && method !== 'HEAD' && method !== 'OPTIONS') served++;
    }
    // Not a vacuous comparison: most routes were reached in several spellings.
    expect(served).toBeGreaterThan(OPS.length * 3);
  }, 120_000);
});
