/**
 * The chassis in /check as wired, over real gRPC servers: the label service (holding a chassis)
 * answers LabelChassis.Bands with the published share bands only, and the envelope screens the
 * chassis' components on them. Twin chassis (shares moved inside their bands) give identical /check
 * answers; an absent, failing or malformed label is a 503 service_unavailable, never a verdict; an
 * answer is kept for the life of the process, a failure is not.
 */
import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARCHITECTURES, normaliseName, type Architecture } from '@svc/formula';
import { DISCLOSURE_BANDS, bandedChassis, type Chassis } from '@svc/chassis';
import { GrpcServer, call, connect, createLogger, problemOf, unary } from '@svc/kit';
import type { CachedResolver } from '@svc/resolution';
import { checkRequestExtrasToProto, lineToProto, proto } from '@svc/protos';
import type { CheckResponse__Output } from '@svc/protos/gen/svc/v1/CheckResponse';
import type { ChassisBandsResponse__Output } from '@svc/protos/gen/svc/v1/ChassisBandsResponse';
import { labelServer } from '../../label/src/server';
import { envelopeServer } from '../src/server';
import { labelChassisBands, type ChassisBands } from '../src/chassis';
import { DEFAULT_PACK } from '../src/engine/index';
import { EXAMPLE_RAW, chassisOf, twinOf, type Positions, type RawChassis } from '../../../test/support/band-twins';
import { resolveNames } from '../../../test/support/catalogue';

const log = createLogger('test', 'silent');
/** library.Resolve's own rule over the catalogue fixture, in process (the library is not what is tested here). */
const resolver: CachedResolver = { resolve: async (names) => resolveNames(names), stop: async () => {} };

/** The example with salicylic acid (Annex III/98) in place of one component per architecture: a chassis the screen reads. */
const REGULATED_RAW: RawChassis = structuredClone(EXAMPLE_RAW);
for (const [v, n] of [['classic', 'PHENOXYETHANOL'], ['luxe', 'PHENOXYETHANOL'], ['clinical', 'ETHYLHEXYLGLYCERIN']] as const) {
  REGULATED_RAW.architectures[v].components.find((c) => c.n === n)!.n = 'SALICYLIC ACID';
}
const at = (u: number): Positions => Object.fromEntries(ARCHITECTURES.map((v) => [v, EXAMPLE_RAW.architectures[v].components.map(() => u)])) as Positions;
const REGULATED = chassisOf(REGULATED_RAW);
/** Its twins: every share at the low, or the high, edge of its band. */
const LOW = chassisOf(twinOf(REGULATED_RAW, at(0), 'c0l0'));
const HIGH = chassisOf(twinOf(REGULATED_RAW, at(1), 'c0h1'));
const EXAMPLE = chassisOf(EXAMPLE_RAW);

const stops: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const s of stops.reverse()) await s();
});

async function startLabel(chassis: Chassis, address = '127.0.0.1:0'): Promise<{ address: string; server: GrpcServer }> {
  const server = labelServer({ log, resolver, chassis });
  const port = await server.listen(address);
  stops.push(() => server.shutdown(100));
  return { address: `127.0.0.1:${port}`, server };
}

async function startEnvelope(labelAddress: string): Promise<{ check: (body: Body) => Promise<CheckResponse__Output>; bands: ChassisBands }> {
  const bands = labelChassisBands(labelAddress, log);
  const server = envelopeServer({ log, resolver, chassis: bands, pack: DEFAULT_PACK });
  const port = await server.listen('127.0.0.1:0');
  const client = connect(proto.envelope, `127.0.0.1:${port}`);
  stops.push(async () => {
    client.close();
    bands.stop();
    await server.shutdown(100);
  });
  const check = (b: Body) =>
    call<CheckResponse__Output>(client, 'Check', { base: b.base, basePct: b.basePct, ph: b.ph, lines: b.lines.map(lineToProto), ...checkRequestExtrasToProto({ ...b, productType: b.productType ?? 'leave_on' }) }, { deadlineMs: 5_000 });
  return { check, bands };
}

interface Body {
  base: Architecture;
  basePct: number;
  ph: number;
  lines: Array<{ n: string; pct: number }>;
  productType?: 'leave_on' | 'rinse_off';
  product?: { area?: 'body' | 'face' | 'eye' | 'hair' };
  market?: 'eu' | 'us';
  repair?: boolean;
}

/** Formulas around the chassis' salicylic acid, on each architecture and market, with and without repair. */
const BODIES: Body[] = ARCHITECTURES.flatMap((base) =>
  [0.05, 0.3, 1.2].flatMap((sa) =>
    (['eu', 'us'] as const).flatMap((market) =>
      [false, true].map((repair) => ({
        base,
        basePct: 80,
        ph: 5,
        lines: [{ n: 'AQUA', pct: Math.round((20 - sa - 1) * 1e6) / 1e6 }, { n: 'SALICYLIC ACID', pct: sa }, { n: 'NIACINAMIDE', pct: 1 }],
        product: { area: 'body' as const },
        market,
        repair,
      })),
    ),
  ),
);

const failure = (p: Promise<unknown>) => p.then(() => null, (e: grpc.ServiceError) => e);

describe('LabelChassis.Bands (the label service)', () => {
  let labels: { regulated: string; low: string; high: string };
  beforeAll(async () => {
    labels = { regulated: (await startLabel(REGULATED)).address, low: (await startLabel(LOW)).address, high: (await startLabel(HIGH)).address };
  });
  const bandsOf = (address: string, variant: string) => {
    const client = connect(proto.labelChassis, address);
    stops.push(() => client.close());
    return call<ChassisBandsResponse__Output>(client, 'Bands', { variant });
  };

  it.each(ARCHITECTURES)('%s: the published share bands only, the same for twin chassis', async (variant) => {
    const a = await bandsOf(labels.regulated, variant);
    expect(a.variant).toBe(variant);
    expect(a.components).toEqual(bandedChassis(REGULATED, variant, 100, DISCLOSURE_BANDS).map((b) => ({ n: b.n, shareLo: b.share.lo, shareHi: b.share.hi })));
    // No field but the name and the band's edges.
    for (const c of a.components) expect(Object.keys(c).sort()).toEqual(['n', 'shareHi', 'shareLo']);
    expect(await bandsOf(labels.low, variant)).toEqual(a);
    expect(await bandsOf(labels.high, variant)).toEqual(a);
  });

  it('refuses an unknown variant with a 4xx naming the field', async () => {
    const err = await failure(bandsOf(labels.regulated, 'deluxe'));
    expect(err?.code).toBe(grpc.status.INVALID_ARGUMENT);
    expect(problemOf(err)).toMatchObject({ code: 'invalid_request', fields: [expect.objectContaining({ field: 'variant' })] });
  });
});

describe('/check with the chassis fed by the label service', () => {
  let regulated: Awaited<ReturnType<typeof startEnvelope>>;
  let low: Awaited<ReturnType<typeof startEnvelope>>;
  let high: Awaited<ReturnType<typeof startEnvelope>>;
  let example: Awaited<ReturnType<typeof startEnvelope>>;
  beforeAll(async () => {
    regulated = await startEnvelope((await startLabel(REGULATED)).address);
    low = await startEnvelope((await startLabel(LOW)).address);
    high = await startEnvelope((await startLabel(HIGH)).address);
    example = await startEnvelope((await startLabel(EXAMPLE)).address);
  });

  it('answers alike for twin chassis, and screens the chassis (its salicylic acid counts)', async () => {
    let differs = 0;
    for (const body of BODIES) {
      const a = await regulated.check(body);
      expect(await low.check(body)).toEqual(a);
      expect(await high.check(body)).toEqual(a);
      if (JSON.stringify(await example.check(body)) !== JSON.stringify(a)) differs++;
    }
    expect(differs).toBeGreaterThan(BODIES.length / 4);
    // Just under the body-lotion maximum on its own, over it with the chassis' part (band upper edge x basePct).
    const eu = BODIES.find((b) => b.base === 'classic' && b.market === 'eu' && !b.repair && b.lines[1]!.pct === 0.3)!;
    const r = await regulated.check(eu);
    expect(r.verdict).toBe('adjust');
    const reduce = r.remedies.find((m) => m.ref === 'III/98' && m.action === 'reduce');
    expect(reduce?.message).toContain('published disclosure band');
    expect((await example.check(eu)).verdict).not.toBe('adjust');
  });
});

describe('/check when the chassis bands cannot be had', () => {
  it('is 503 service_unavailable while label is down, and answers once it is back (a failure is not kept)', async () => {
    const first = await startLabel(REGULATED);
    const address = first.address;
    await first.server.shutdown(100);
    const env = await startEnvelope(address);
    const body = BODIES[0]!;
    const err = await failure(env.check(body));
    expect(err?.code).toBe(grpc.status.UNAVAILABLE);
    expect(problemOf(err)).toMatchObject({ code: 'service_unavailable' });
    await startLabel(REGULATED, address);
    let answer: CheckResponse__Output | null = null;
    for (let i = 0; i < 40 && !answer; i++) {
      answer = await env.check(body).catch(() => null);
      if (!answer) await new Promise((r) => setTimeout(r, 100));
    }
    expect(answer?.verdict).toBeTruthy();
  });

  it('keeps an answer for the life of the process: a variant fetched once answers with label gone, another is 503', async () => {
    const label = await startLabel(REGULATED);
    const env = await startEnvelope(label.address);
    const classic = BODIES.find((b) => b.base === 'classic')!;
    const luxe = BODIES.find((b) => b.base === 'luxe')!;
    const before = await env.check(classic);
    await label.server.shutdown(100);
    expect(await env.check(classic)).toEqual(before);
    const err = await failure(env.check(luxe));
    expect(err?.code).toBe(grpc.status.UNAVAILABLE);
    expect(problemOf(err)?.code).toBe('service_unavailable');
  });

  /** A label that answers Bands with `bands` (the envelope's peer), on a free port. */
  async function stubLabel(bands: (req: { variant: string }) => unknown): Promise<string> {
    const stub = new GrpcServer('label', log);
    stub.add('svc.v1.LabelChassis', proto.labelChassis.service, { Bands: unary<{ variant: string }, unknown>(log, bands) });
    const port = await stub.listen('127.0.0.1:0');
    stops.push(() => stub.shutdown(100));
    return `127.0.0.1:${port}`;
  }

  it.each([
    ['no component', (variant: string) => ({ variant, components: [] })],
    ['another variant', () => ({ variant: 'luxe', components: [{ n: 'AQUA', shareLo: 70, shareHi: 75 }] })],
    ['a band beyond 100', (variant: string) => ({ variant, components: [{ n: 'AQUA', shareLo: 95, shareHi: 105 }] })],
    ['a name twice', (variant: string) => ({ variant, components: [{ n: 'AQUA', shareLo: 70, shareHi: 75 }, { n: 'aqua', shareLo: 0, shareHi: 5 }] })],
  ])('refuses a malformed answer (%s) with a 503, never a verdict', async (_what, answer) => {
    const env = await startEnvelope(await stubLabel((req) => answer(req.variant)));
    const err = await failure(env.check(BODIES[0]!));
    expect(err?.code).toBe(grpc.status.UNAVAILABLE);
    expect(problemOf(err)?.code).toBe('service_unavailable');
  });

  it('a label that fails (not a transport error) is a 503 too', async () => {
    const env = await startEnvelope(
      await stubLabel(() => {
        throw new Error('boom');
      }),
    );
    const err = await failure(env.check(BODIES[0]!));
    expect(err?.code).toBe(grpc.status.UNAVAILABLE);
    expect(problemOf(err)?.code).toBe('service_unavailable');
  });
});

// Keys the envelope computes itself from the names (never sent): the same rule as the chassis'.
it('the envelope keys the chassis names as the library does', async () => {
  const label = await startLabel(REGULATED);
  const bands = labelChassisBands(label.address, log);
  stops.push(() => bands.stop());
  const shares = await bands.shares('classic');
  expect(shares.map((s) => s.key)).toEqual(shares.map((s) => normaliseName(s.n)));
  expect(shares.map((s) => s.n)).toContain('SALICYLIC ACID');
});
