/**
 * The extraction attacks that once read the chassis composition off the label and the
 * preservation answer, run as an attacker with one key would (bounded request budgets), against
 * pairs of chassis that differ in exactly one component's share: at the lowest and at the highest
 * value its published band allows (with the other shares, each inside its own band, taking up the
 * difference so the chassis still adds up to 100). Whatever an attack concludes must be the same
 * for both members of a pair, so it learns nothing about that share finer than its band.
 *
 * Each attack is also shown to find something (flips, positions), so a pass is not an attack that
 * never looked.
 */
import { describe, expect, it } from 'vitest';
import { ARCHITECTURES, type Architecture } from '@svc/formula';
import { DISCLOSURE_BANDS, bandOf, type Chassis } from '@svc/chassis';
import { BAND_EDGES, EXAMPLE_RAW, withShare } from './support/band-twins';
import { FACTS } from './support/chassis-facts';
import { respond } from './support/respond';

const COMPONENTS = Object.fromEntries(ARCHITECTURES.map((v) => [v, EXAMPLE_RAW.architectures[v].components])) as Record<Architecture, Array<{ n: string; pct: number }>>;
const CHASSIS_NAMES = new Set(Object.values(COMPONENTS).flatMap((cs) => cs.map((c) => c.n)));
/** Distinct ordinary ingredients a prober lines up: no chassis name, no colourant or water, no allergen. */
const PROBES = [...FACTS.values()]
  .filter((f) => !CHASSIS_NAMES.has(f.inci) && !f.colourant && !f.allergen && f.c !== 'AQ' && f.c !== 'FR' && f.c !== 'PI')
  .map((f) => f.inci);

/**
 * The two extremes of one component's share that the published bands and the sum of 100 allow,
 * a hair inside, each as a chassis.
 */
function extremes(variant: Architecture, name: string): { low: Chassis; high: Chassis; width: number; bandWidth: number } {
  const comps = COMPONENTS[variant];
  const others = comps.filter((c) => c.n !== name);
  const band = bandOf(comps.find((c) => c.n === name)!.pct, DISCLOSURE_BANDS);
  const sumHi = others.reduce((s, c) => s + bandOf(c.pct, DISCLOSURE_BANDS).hi, 0);
  const sumLo = others.reduce((s, c) => s + bandOf(c.pct, DISCLOSURE_BANDS).lo, 0);
  const margin = (band.hi - band.lo) * 1e-4;
  const lo = Math.max(band.lo, 100 - sumHi) + margin;
  const hi = Math.min(band.hi, 100 - sumLo) - margin;
  const names = others.map((c) => c.n);
  return { low: withShare(variant, name, lo, names), high: withShare(variant, name, hi, names), width: hi - lo, bandWidth: band.hi - band.lo };
}

type Ask = (route: 'label' | 'preservation', body: unknown) => { ordered?: string[]; caps?: Array<{ n: string; status: string }>; reasons?: Array<{ code: string }>; selfPreserved?: boolean };

function asker(chassis: Chassis, budget: { left: number }): Ask {
  return (route, body) => {
    if (--budget.left < 0) throw new Error('request budget spent');
    const out = JSON.parse(respond(route, body, chassis)) as { ok?: ReturnType<Ask> };
    if (!out.ok) throw new Error(`refused: ${JSON.stringify(out)}`);
    return out.ok;
  };
}

/** Bisection of a monotone yes/no observation over [a, b]: the flip point, or null when none. */
function bisect(observe: (x: number) => boolean, a: number, b: number, steps = 48): number | null {
  const atA = observe(a);
  if (observe(b) === atA) return null;
  let lo = a;
  let hi = b;
  for (let i = 0; i < steps; i++) {
    const mid = (lo + hi) / 2;
    if (observe(mid) === atA) lo = mid;
    else hi = mid;
  }
  return hi;
}

const before = (ordered: string[] | undefined, x: string, y: string) => (ordered ?? []).indexOf(x) < (ordered ?? []).indexOf(y);

/** Everything an attack concludes about one component, for one chassis. */
type Attack = (ask: Ask, variant: Architecture, component: string) => unknown;

const ATTACKS: Record<string, Attack> = {
  // Sweep nbPct against a fixed caller line: where the component overtakes it.
  'nbPct bisection': (ask, variant, c) =>
    [1.2, 3, 20].map((q) =>
      bisect((nb) => before(ask('label', { variant, nbPct: nb, lines: [{ n: 'NIACINAMIDE', pct: q }] }).ordered, c, 'NIACINAMIDE'), 1e-6, 100),
    ),
  // The component at 2 % of the caller's own, and probes at 2 % + every band edge (as a share and
  // scaled by nbPct), a hair above: where it lands among them.
  'probe ladder': (ask, variant, c) =>
    [100, 80, 12.5, 0.5].flatMap((nb) =>
      [1, nb / 100].map((scale) => {
        const edges = BAND_EDGES.filter((e) => 2 + e * scale < 100).slice(0, PROBES.length);
        const ordered = ask('label', { variant, nbPct: nb, lines: [{ n: c, pct: 2 }, ...edges.map((e, i) => ({ n: PROBES[i]!, pct: 2 + e * scale + 1e-9 }))] }).ordered ?? [];
        return ordered.indexOf(c) - ordered.findIndex((n) => PROBES.includes(n));
      }),
    ),
  // Add the component's own name and raise it until it is lifted out of the fixed-order tail.
  'same-name lift': (ask, variant, c) =>
    [100, 80, 30, 0.9].map((nb) =>
      bisect((x) => before(ask('label', { variant, nbPct: nb, lines: [{ n: c, pct: x }, { n: 'NIACINAMIDE', pct: 1 + 1e-7 }] }).ordered, c, 'NIACINAMIDE'), 0, 1.0000001),
    ),
  // Raise the caller's own amount of the component, or sweep nbPct, until a preservation
  // conclusion flips: an Annex V cap, the water-activity criterion, the top-up.
  'preservation flips': (ask, variant, c) => {
    const pres = (nb: number, lines: unknown[]) => ask('preservation', { variant, nbPct: nb, lines, ph: 5 });
    const capOf = (r: ReturnType<Ask>) => r.caps?.find((x) => x.n === c)?.status ?? 'none';
    const lowAw = (r: ReturnType<Ask>) => (r.reasons ?? []).some((x) => x.code === 'low_risk_water_activity');
    return [
      ...[100, 60, 5].map((nb) => bisect((x) => capOf(pres(nb, [{ n: c, pct: x }])) === 'over_cap', 0, 5)),
      bisect((nb) => capOf(pres(nb, [{ n: c, pct: 0.7 }])) === 'over_cap', 1e-6, 100),
      bisect((g) => lowAw(pres(30, [{ n: c, pct: g }, { n: 'GLYCERIN', pct: 70 - g }])), 0, 70, 32),
      bisect((nb) => pres(nb, [{ n: c, pct: 0.5 }, { n: 'PANTHENOL', pct: 1 }]).selfPreserved === true, 1e-6, 100, 32),
    ];
  },
};

describe.each(Object.keys(ATTACKS))('attack: %s', (attackName) => {
  const attack = ATTACKS[attackName]!;
  it.each(ARCHITECTURES)('learns nothing finer than the published band of any %s share', (variant) => {
    let found = 0;
    for (const { n } of COMPONENTS[variant]) {
      const { low, high, width, bandWidth } = extremes(variant, n);
      // The pair spans the band (less what the sum of 100 already tells anyone who knows the bands).
      expect(width).toBeGreaterThan(0);
      expect(width).toBeLessThanOrEqual(bandWidth);
      const budget = { left: 5_000 };
      const fromLow = attack(asker(low, budget), variant, n);
      const fromHigh = attack(asker(high, { left: 5_000 }), variant, n);
      expect(fromHigh, `${variant} ${n}: the attack told the two ends of the band apart`).toEqual(fromLow);
      found += JSON.stringify(fromLow).split(/[[,\]]/).filter((v) => v !== '' && v !== 'null').length;
    }
    // The attack does observe something; it just cannot see inside a band.
    expect(found).toBeGreaterThan(0);
  });
});
