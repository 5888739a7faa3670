/**
 * Chassis that agree on every published band: the example's components with each share moved
 * anywhere inside its band (lo, hi], the architecture still adding up to 100, and other canary
 * tokens. The disclosure guarantee is that no response can tell two such chassis apart; these
 * fixtures are what the secret-independence and attack tests compare.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { ARCHITECTURES, type Architecture } from '@svc/formula';
import { DEFAULT_CHASSIS_FILE, DISCLOSURE_BANDS, bandOf, parseChassis, sameBand, type Chassis } from '@svc/chassis';

export interface RawChassis {
  note?: string;
  version: string;
  architectures: Record<Architecture, { label: string; components: Array<{ n: string; pct: number }>; processing: string; equipment: string }>;
}

export const EXAMPLE_RAW: RawChassis = JSON.parse(readFileSync(DEFAULT_CHASSIS_FILE, 'utf8')) as RawChassis;

/** Where a share sits inside its band: 0 just above the lower edge, 1 on the upper edge. */
export type Positions = Record<Architecture, number[]>;

/** Strictly inside the band's open lower edge, by a margin bandOf cannot round away. */
const FLOOR = 1e-6;

/**
 * `base` with every share moved to `positions` inside its published band, then the sum's gap to
 * 100 spread over the components in proportion to the room each has left in its band, so that no
 * share leaves its band. Throws if a share would leave its band (the generator's own check).
 */
export function twinOf(base: RawChassis, positions: Positions, tag: string): RawChassis {
  const architectures = {} as RawChassis['architectures'];
  for (const v of ARCHITECTURES) {
    const a = base.architectures[v];
    const bands = a.components.map((c) => bandOf(c.pct, DISCLOSURE_BANDS));
    const lows = bands.map((b) => b.lo + (b.hi - b.lo) * FLOOR);
    const x = bands.map((b, i) => {
      const u = Math.min(1, Math.max(0, positions[v][i] ?? 1));
      return (lows[i] as number) + (b.hi - (lows[i] as number)) * u;
    });
    const gap = 100 - x.reduce((s, y) => s + y, 0);
    const room = x.map((y, i) => (gap > 0 ? (bands[i] as { hi: number }).hi - y : y - (lows[i] as number)));
    const total = room.reduce((s, r) => s + r, 0);
    if (total < Math.abs(gap)) throw new Error(`${v}: the bands cannot add up to 100`);
    const moved = x.map((y, i) => y + (gap * (room[i] as number)) / total);
    moved.forEach((y, i) => {
      if (!sameBand(bandOf(y, DISCLOSURE_BANDS), bands[i]!)) throw new Error(`${v}: ${a.components[i]!.n} left its band`);
    });
    architectures[v] = {
      label: a.label,
      components: a.components.map((c, i) => ({ n: c.n, pct: moved[i] as number })),
      processing: `canary-${tag}p${v.slice(0, 2)} other processing notes for tests`,
      equipment: `canary-${tag}e${v.slice(0, 2)} other equipment for tests`,
    };
  }
  return { version: `twin-${tag}`, architectures };
}

export function chassisOf(raw: RawChassis): Chassis {
  return parseChassis(raw, 'twin fixture');
}

/** Each share anywhere in its band, with both edges of the band drawn often. */
const position = fc.oneof(
  { weight: 1, arbitrary: fc.constant(0) },
  { weight: 1, arbitrary: fc.constant(1) },
  { weight: 3, arbitrary: fc.double({ min: 0, max: 1, noNaN: true }) },
);

export const positionsArb: fc.Arbitrary<Positions> = fc.record(
  Object.fromEntries(ARCHITECTURES.map((v) => [v, fc.array(position, { minLength: EXAMPLE_RAW.architectures[v].components.length, maxLength: EXAMPLE_RAW.architectures[v].components.length })])) as Record<
    Architecture,
    fc.Arbitrary<number[]>
  >,
);

/** A twin of the example whose shares sit at the extremes of their bands: low or high edge. */
export function extremeTwin(edge: 'low' | 'high', tag: string): Chassis {
  const u = edge === 'low' ? 0 : 1;
  const positions = Object.fromEntries(ARCHITECTURES.map((v) => [v, EXAMPLE_RAW.architectures[v].components.map(() => u)])) as Positions;
  return chassisOf(twinOf(EXAMPLE_RAW, positions, tag));
}

/**
 * The example with one share replaced and the difference taken up by `compensate`, in proportion to
 * the room each has left in its band; every share stays in its band (checked).
 */
export function withShare(variant: Architecture, name: string, pct: number, compensate: readonly string[]): Chassis {
  const raw = structuredClone(EXAMPLE_RAW);
  const comps = raw.architectures[variant].components;
  const before = comps.map((c) => bandOf(c.pct, DISCLOSURE_BANDS));
  const target = comps.find((c) => c.n === name);
  const others = compensate.map((n) => comps.find((c) => c.n === n));
  if (!target || others.some((o) => !o)) throw new Error(`${variant}: unknown component among ${name}, ${compensate.join(', ')}`);
  const diff = target.pct - pct;
  target.pct = pct;
  const room = others.map((o) => {
    const b = bandOf(o!.pct, DISCLOSURE_BANDS);
    return diff > 0 ? b.hi - o!.pct : o!.pct - b.lo - 1e-6;
  });
  const total = room.reduce((s, r) => s + r, 0);
  others.forEach((o, i) => (o!.pct += (diff * (room[i] as number)) / total));
  comps.forEach((c, i) => {
    if (!sameBand(bandOf(c.pct, DISCLOSURE_BANDS), before[i]!)) throw new Error(`${variant}: ${c.n} left its band`);
  });
  raw.version = `moved-${variant}-${name}`;
  return chassisOf(raw);
}

/** Every edge of the published bands (% of the chassis), ascending. */
export const BAND_EDGES: readonly number[] = (() => {
  const out = new Set<number>();
  for (const r of DISCLOSURE_BANDS.ranges) {
    for (let e = r.above; e <= r.upTo + 1e-9; e += r.step) out.add(Math.round(e * 1e6) / 1e6);
  }
  return [...out].filter((e) => e > 0).sort((a, b) => a - b);
})();
