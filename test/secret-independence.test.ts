/**
 * The disclosure guarantee, as a property: every label and preservation answer is a function of
 * the published bands of the chassis shares, the request and public data only. Two chassis whose
 * shares fall in the same published bands (shares moved anywhere inside their bands, the sum
 * still 100, other canary tokens) must give byte-identical answers to every request, including
 * nbPct below 1 and at the values where an edge of a contribution band would have crossed a
 * share, lines named like chassis components, and probe ladders spaced at the band edges.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AREAS, ARCHITECTURES, CheckRequestSchema, PRODUCT_TYPES, type Architecture } from '@svc/formula';
import { DEFAULT_CHASSIS_FILE, loadChassis } from '@svc/chassis';
import { BAND_EDGES, EXAMPLE_RAW, chassisOf, positionsArb, twinOf, withShare, type RawChassis } from './support/band-twins';
import { FACT_NAMES } from './support/chassis-facts';
import { blendOf } from './support/generators';
import { respond, type Route } from './support/respond';

const EXAMPLE = loadChassis(DEFAULT_CHASSIS_FILE);
const COMPONENTS = Object.fromEntries(ARCHITECTURES.map((v) => [v, EXAMPLE_RAW.architectures[v].components.map((c) => c.n)])) as Record<Architecture, string[]>;
const CHASSIS_NAMES = new Set(Object.values(COMPONENTS).flat());
/** Names a prober would line up against a chassis component: catalogue names the chassis does not hold. */
const PROBES = FACT_NAMES.filter((n) => !CHASSIS_NAMES.has(n)).slice(0, 40);
const UNKNOWN = ['Snail Secretion Filtrate', 'Peptide Complex 7', 'Water', 'Fragrance', 'glycérine'];

/**
 * The nbPct values at which a band taken of the contribution (share × nbPct / 100) would have
 * crossed a share of the example: the exact points a bisection attack converges to.
 */
const CROSSINGS = [
  ...new Set(
    ARCHITECTURES.flatMap((v) => EXAMPLE_RAW.architectures[v].components.flatMap((c) => BAND_EDGES.map((e) => (100 * e) / c.pct))).filter((nb) => nb > 0 && nb <= 100),
  ),
];

const nbPct = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 1000 }).map((v) => v / 10) },
  { weight: 2, arbitrary: fc.double({ min: 1e-4, max: 1, noNaN: true }) },
  { weight: 3, arbitrary: fc.constantFrom(...CROSSINGS).chain((nb) => fc.constantFrom(nb, nb * (1 - 1e-9), Math.min(100, nb * (1 + 1e-9)))) },
  { weight: 1, arbitrary: fc.constantFrom(0.13, 0.049, 0.302, 0.406, 0.066, 100, 1e-6) },
);

const amount = fc.oneof(fc.integer({ min: 0, max: 20_000 }).map((v) => v / 1000), fc.double({ min: 0, max: 5, noNaN: true }));

function linesFor(variant: Architecture, nb: number) {
  const own = COMPONENTS[variant];
  const name = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...FACT_NAMES) },
    { weight: 3, arbitrary: fc.constantFrom(...own) },
    { weight: 1, arbitrary: fc.constantFrom(...UNKNOWN) },
  );
  const random = fc.array(
    fc.oneof(
      { weight: 4, arbitrary: fc.record({ n: name, pct: amount }) },
      { weight: 1, arbitrary: fc.record({ pct: amount, blend: blendOf(name, 4) }) },
    ),
    { minLength: 1, maxLength: 10 },
  );
  // A component at a base amount, and probes at base + every band edge (as a share, and scaled to
  // the product at this nbPct), a hair either side: the ladder that used to read a band per request.
  const ladder = fc
    .record({
      component: fc.constantFrom(...own),
      base: fc.constantFrom(0, 0.5, 2),
      scaled: fc.boolean(),
      jitter: fc.constantFrom(-1e-9, 0, 1e-9),
      edges: fc.subarray([...BAND_EDGES], { minLength: 1, maxLength: PROBES.length }),
    })
    .map(({ component, base, scaled, jitter, edges }) => [
      ...(base > 0 ? [{ n: component, pct: base }] : []),
      ...edges.map((e, i) => ({ n: PROBES[i] as string, pct: Math.min(100, Math.max(0, base + (scaled ? (e * nb) / 100 : e) + jitter)) })),
    ]);
  // Lines named like chassis components, at amounts around what would lift them over 1 %.
  const sameName = fc.array(
    fc.record({ n: fc.constantFrom(...own), pct: fc.oneof(amount, fc.double({ min: 0, max: 1.2, noNaN: true })) }),
    { minLength: 1, maxLength: 8 },
  );
  return fc.oneof({ weight: 3, arbitrary: random }, { weight: 2, arbitrary: ladder }, { weight: 2, arbitrary: sameName });
}

const request = fc
  .record({ variant: fc.constantFrom(...ARCHITECTURES), nbPct })
  .chain(({ variant, nbPct: nb }) =>
    fc.record({
      route: fc.constantFrom<Route>('label', 'label', 'preservation'),
      body: fc.record({
        variant: fc.constant(variant),
        nbPct: fc.constant(nb),
        lines: linesFor(variant, nb),
        mode: fc.constantFrom('label', 'label', 'label', 'composition'),
        market: fc.constantFrom('eu', 'us'),
        productType: fc.constantFrom('leave_on', 'rinse_off'),
        ph: fc.option(fc.integer({ min: 20, max: 110 }).map((v) => v / 10), { nil: undefined }),
      }),
    }),
  )
  .map(({ route, body }) => {
    // Each route takes only its own optional fields; strict schemas refuse the others.
    const { mode, market, ph, ...rest } = body;
    return route === 'label' ? { route, body: { ...rest, mode, market } } : { route, body: { ...rest, ...(ph === undefined ? {} : { ph }) } };
  });

describe('secret independence: chassis that agree on every published band answer alike', () => {
  it('gives byte-identical label and preservation answers for generated requests and twins', () => {
    let answered = 0;
    fc.assert(
      fc.property(positionsArb, request, (positions, { route, body }) => {
        const twin = chassisOf(twinOf(EXAMPLE_RAW, positions, 'ab12'));
        const a = respond(route, body, EXAMPLE);
        expect(respond(route, body, twin)).toBe(a);
        if (a.startsWith('{"ok"')) answered++;
      }),
      { numRuns: 600 },
    );
    // The property must have been exercised on real answers, not only on refusals.
    expect(answered).toBeGreaterThan(400);
  });

  // The ready-made failing cases of the old scheme: one share moved inside its published band.
  const MOVED: Array<[Architecture, number, string, number, string[]]> = [
    ['classic', 0.13, 'GLYCERIN', 6.85, ['AQUA']],
    ['luxe', 0.049, 'AQUA', 60.98, ['BUTYLENE GLYCOL', 'POLYGLYCERYL-10 OLEATE', 'PENTYLENE GLYCOL']],
    ['luxe', 0.302, 'BUTYLENE GLYCOL', 3.57, ['AQUA']],
    ['clinical', 0.406, 'HYDROGENATED LECITHIN', 2.45, ['AQUA']],
    ['clinical', 0.066, 'AQUA', 75.55, ['GLYCERIN']],
  ];
  it.each(MOVED)('%s at nbPct %s: %s moved to %s inside its band changes no answer to the probe ladder', (variant, nb, name, pct, compensate) => {
    const moved = withShare(variant, name, pct, compensate);
    let compared = 0;
    for (const e of BAND_EDGES) {
      for (const probe of [e, (e * nb) / 100]) {
        const lines = [{ n: name, pct: 2 }, { n: 'NIACINAMIDE', pct: 2 + probe }];
        for (const body of [
          { variant, nbPct: nb, lines },
          { variant, nbPct: nb, lines, market: 'us' },
          { variant, nbPct: nb, lines, mode: 'composition' },
        ]) {
          expect(respond('label', body, moved)).toBe(respond('label', body, EXAMPLE));
          compared++;
        }
        const body = { variant, nbPct: nb, lines, ph: 5 };
        expect(respond('preservation', body, moved)).toBe(respond('preservation', body, EXAMPLE));
      }
    }
    expect(compared).toBe(BAND_EDGES.length * 6);
  });
});

/**
 * /check as wired: the envelope sees only the label's published share bands (LabelChassis.Bands)
 * and screens the chassis' components on them. The example chassis carries nothing the regulatory
 * screen reads, so a chassis that does (salicylic acid, Annex III/98, in place of one component
 * per architecture) is compared too: its twins must answer alike, and it must answer differently
 * from the example (the chassis is really screened, so the comparison can fail).
 */
describe('secret independence on /check: the chassis seen through its published bands', () => {
  const REGULATED_RAW: RawChassis = structuredClone(EXAMPLE_RAW);
  const SWAP: Record<Architecture, string> = { classic: 'PHENOXYETHANOL', luxe: 'PHENOXYETHANOL', clinical: 'ETHYLHEXYLGLYCERIN' };
  for (const v of ARCHITECTURES) REGULATED_RAW.architectures[v].components.find((c) => c.n === SWAP[v])!.n = 'SALICYLIC ACID';
  REGULATED_RAW.version = 'regulated-example';
  const REGULATED = chassisOf(REGULATED_RAW);
  const name = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...FACT_NAMES) },
    { weight: 2, arbitrary: fc.constantFrom(...CHASSIS_NAMES, 'SALICYLIC ACID') },
    { weight: 1, arbitrary: fc.constantFrom(...UNKNOWN) },
  );
  const checkBody = fc
    .record({
      base: fc.constantFrom(...ARCHITECTURES),
      basePct: fc.oneof(fc.integer({ min: 10, max: 1000 }).map((v) => v / 10), fc.double({ min: 1e-4, max: 1, noNaN: true })),
      ph: fc.integer({ min: 30, max: 80 }).map((v) => v / 10),
      lines: fc.array(fc.record({ n: name, pct: fc.integer({ min: 0, max: 5000 }).map((v) => v / 1000) }), { minLength: 1, maxLength: 6 }),
      productType: fc.constantFrom(...PRODUCT_TYPES),
      product: fc.record({ area: fc.constantFrom(...AREAS), spray: fc.boolean() }, { requiredKeys: [] }),
      market: fc.constantFrom('eu', 'us'),
      repair: fc.boolean(),
    })
    .filter((b) => CheckRequestSchema.safeParse(b).success);

  it('gives byte-identical /check answers (repair included) for generated requests and twins', () => {
    let differs = 0;
    fc.assert(
      fc.property(positionsArb, checkBody, (positions, body) => {
        const a = respond('check', body, EXAMPLE);
        expect(respond('check', body, chassisOf(twinOf(EXAMPLE_RAW, positions, 'ef56')))).toBe(a);
        const r = respond('check', body, REGULATED);
        expect(respond('check', body, chassisOf(twinOf(REGULATED_RAW, positions, 'ef57')))).toBe(r);
        expect(r.startsWith('{"ok"'), r).toBe(true);
        if (r !== a) differs++;
      }),
      { numRuns: 300 },
    );
    // The chassis' salicylic acid changed some answers: the property compared screened chassis.
    expect(differs).toBeGreaterThan(10);
  });

  it('tells apart chassis whose bands differ (the comparison can fail)', () => {
    const body = { base: 'classic', basePct: 80, ph: 5, lines: [{ n: 'AQUA', pct: 19.7 }, { n: 'SALICYLIC ACID', pct: 0.3 }], product: { area: 'body' } };
    const raw = structuredClone(REGULATED_RAW);
    const comps = raw.architectures.classic.components;
    // Salicylic acid one band higher (0.6 -> 0.65 of the chassis), water giving it up.
    comps.find((c) => c.n === 'SALICYLIC ACID')!.pct += 0.05;
    comps.find((c) => c.n === 'AQUA')!.pct -= 0.05;
    expect(respond('check', body, chassisOf(raw))).not.toBe(respond('check', body, REGULATED));
    expect(respond('check', body, REGULATED)).not.toBe(respond('check', body, EXAMPLE));
  });
});

describe('canary-shaped text is treated alike on every deployment', () => {
  const twin = chassisOf(twinOf(EXAMPLE_RAW, { classic: [], luxe: [], clinical: [] }, 'ab12'));
  // This deployment's own tokens, another deployment's, a twin's, and ones no chassis holds.
  const tokens = [...EXAMPLE.canaries, ...twin.canaries, 'canary-alt7f3a91', 'CANARY-zz9', 'canary-0'];

  it.each(tokens)('refuses %s in a line or blend name with the same 400, whoever holds it', (token) => {
    for (const lines of [[{ n: `GLYCERIN ${token}`, pct: 2 }], [{ pct: 2, blend: [{ n: token, f: 1 }] }]]) {
      for (const route of ['label', 'preservation'] as const) {
        const body = { variant: 'classic', nbPct: 80, lines };
        const a = respond(route, body, EXAMPLE);
        expect(respond(route, body, twin)).toBe(a);
        expect(JSON.parse(a)).toEqual({ invalid: [expect.objectContaining({ field: expect.stringMatching(/^lines\[0\]\.(n|blend\[0\]\.n)$/) })] });
        expect(a.toLowerCase()).not.toContain(token.toLowerCase());
      }
    }
  });
});
