import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  ChassisError,
  DEFAULT_CHASSIS_FILE,
  DISCLOSURE_BANDS,
  bandedChassis,
  chassisFileFromEnv,
  loadChassis,
  parseChassis,
  sameBand,
} from '../src/index';

const example = JSON.parse(readFileSync(DEFAULT_CHASSIS_FILE, 'utf8')) as {
  architectures: Record<string, { components: Array<{ n: string; pct: number }>; processing: string; equipment: string }>;
};
const ALT_FILE = resolve(import.meta.dirname, 'fixtures/chassis.alt.json');

// The published policy: the engines read no other.
const BANDS = DISCLOSURE_BANDS;

/** Every number and note of the file: none may appear in an error message. */
function secretsOf(raw: typeof example): string[] {
  const out: string[] = [];
  for (const a of Object.values(raw.architectures)) {
    for (const c of a.components) out.push(String(c.pct));
    out.push(a.processing, a.equipment, ...(a.processing + a.equipment).match(/canary-[0-9a-z]+/g)!);
  }
  return out;
}

function tmpFile(content: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'chassis-'));
  const p = join(dir, 'chassis.json');
  writeFileSync(p, content);
  return p;
}

function errorOf(f: () => unknown): Error {
  try {
    f();
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected an error');
}

/**
 * No value of the file in the message: once the file path, the array indices and the rule's own
 * constants are taken out, no digit may remain; nor may any note text.
 */
function expectClean(message: string, path: string, raw: typeof example = example) {
  const rest = message.replace(path, '').replace(/\[\d+\]/g, '').replace('add up to 100 (within 0.5)', '').replace(/near line \d+, column \d+/, '');
  expect(rest).not.toMatch(/\d/);
  for (const s of secretsOf(raw)) if (!/^\d/.test(s)) expect(message).not.toContain(s);
  expect(message).not.toMatch(/canary/i);
}

describe('loadChassis', () => {
  it('loads the example and keeps the notes out, except the canary tokens', () => {
    const c = loadChassis(DEFAULT_CHASSIS_FILE);
    expect(c.version).toBe('example-1');
    expect(c.architecture('classic').label).toBe('Chassis Classic');
    expect(c.canaries).toEqual(['canary-19d7e0', 'canary-5b2c88', 'canary-7f3a91', 'canary-8d1f57', 'canary-c04be2', 'canary-e6a413']);
    const shown = JSON.stringify(c) + inspect(c, { depth: 10 }) + JSON.stringify(c.architecture('luxe'));
    expect(shown).not.toMatch(/canary|homogenis|bar|microfluid|extru/i);
    expect(shown).not.toMatch(/71\.7|62\.5|76\.1/);
  });

  it('lists names alphabetically, never in the file order (which ranks by amount)', () => {
    const c = loadChassis(DEFAULT_CHASSIS_FILE);
    const names = c.architecture('classic').names;
    expect([...names]).toEqual([...names].sort());
    expect(names).toHaveLength(13);
    expect(c.allNames()).toContain('POLYGLYCERYL-10 OLEATE');
  });

  it('defaults to the example file when SVC_CHASSIS_FILE is unset', () => {
    expect(chassisFileFromEnv({})).toBe(DEFAULT_CHASSIS_FILE);
    expect(chassisFileFromEnv({ SVC_CHASSIS_FILE: '/x/y.json' })).toBe('/x/y.json');
  });

  it('says when the file is missing', () => {
    const e = errorOf(() => loadChassis('/nonexistent/chassis.json'));
    expect(e).toBeInstanceOf(ChassisError);
    expect(e.message).toBe('chassis file /nonexistent/chassis.json: not found');
  });

  it('says when the JSON is invalid, without quoting the text', () => {
    const text = readFileSync(DEFAULT_CHASSIS_FILE, 'utf8').replace('"pct": 71.7}', '"pct": 71.7,,}');
    const file = tmpFile(text);
    const e = errorOf(() => loadChassis(file));
    expect(e.message).toMatch(/is not valid JSON/);
    expectClean(e.message, file);
  });

  it('names the wrong field, without its value', () => {
    const bad = structuredClone(example);
    (bad.architectures.luxe!.components[3] as { pct: unknown }).pct = '6.0';
    const file = tmpFile(JSON.stringify(bad));
    const e = errorOf(() => loadChassis(file));
    expect(e.message).toContain('architectures.luxe.components[3].pct');
    expectClean(e.message, file);

    const neg = structuredClone(example);
    neg.architectures.classic!.components[0]!.pct = -71.7;
    const e2 = errorOf(() => parseChassis(neg, 'fixture'));
    expect(e2.message).toContain('architectures.classic.components[0].pct must be greater than 0');
    expect(e2.message).not.toContain('71.7');

    const missing = structuredClone(example) as Record<string, unknown>;
    delete (missing.architectures as Record<string, unknown>).clinical;
    expect(errorOf(() => parseChassis(missing)).message).toContain('architectures.clinical is required');

    const extra = structuredClone(example) as unknown as { architectures: { classic: Record<string, unknown> } };
    extra.architectures.classic.secretRatio = 0.42;
    const e3 = errorOf(() => parseChassis(extra));
    expect(e3.message).toContain('architectures.classic.secretRatio unknown field');
    expect(e3.message).not.toContain('0.42');
  });

  it('refuses amounts that do not add up to 100, without the sum', () => {
    const bad = structuredClone(example);
    bad.architectures.clinical!.components[0]!.pct = 70.1;
    const e = errorOf(() => parseChassis(bad, 'fixture'));
    expect(e.message).toBe('chassis file fixture: architectures.clinical.components amounts must add up to 100 (within 0.5)');
    expectClean(e.message, 'fixture', bad);
  });

  it('refuses a component listed twice', () => {
    const bad = structuredClone(example);
    bad.architectures.classic!.components[12]!.n = 'glycerin';
    bad.architectures.classic!.components[1]!.pct += 0.1;
    expect(errorOf(() => parseChassis(bad)).message).toContain('components[12].n is listed twice');
  });

  it('loads the second fixture used by the independence tests', () => {
    const alt = loadChassis(ALT_FILE);
    const ex = loadChassis(DEFAULT_CHASSIS_FILE);
    for (const v of ['classic', 'luxe', 'clinical'] as const) expect(alt.architecture(v).names).toEqual(ex.architecture(v).names);
    expect(alt.canaries).not.toEqual(ex.canaries);
  });
});

describe('bands', () => {
  it('gives each share as its band, scaled to the finished product, alphabetical, cached', () => {
    const c = loadChassis(DEFAULT_CHASSIS_FILE);
    const b = bandedChassis(c, 'classic', 80, BANDS);
    expect(b.map((x) => x.n)).toEqual([...c.architecture('classic').names]);
    const aqua = b.find((x) => x.n === 'AQUA')!;
    // AQUA is 71.7 % of the example chassis: its published band is (70, 75], at nbPct 80 (56, 60].
    expect(aqua.share).toEqual({ lo: 70, hi: 75, mid: 72.5 });
    expect(aqua.band.lo).toBeCloseTo(56, 12);
    expect(aqua.band.hi).toBeCloseTo(60, 12);
    expect(Object.keys(aqua).sort()).toEqual(['band', 'key', 'n', 'share']);
    expect(bandedChassis(c, 'classic', 80, BANDS)).toBe(b);
  });

  it('the two fixtures share every band, so they agree at every nbPct', () => {
    const ex = loadChassis(DEFAULT_CHASSIS_FILE);
    const alt = loadChassis(ALT_FILE);
    for (const v of ['classic', 'luxe', 'clinical'] as const) {
      for (const nb of [100, 90, 37.5, 0.13, 1e-6]) {
        const a = bandedChassis(ex, v, nb, BANDS);
        const b = bandedChassis(alt, v, nb, BANDS);
        expect(b).toEqual(a);
      }
      expect(bandedChassis(ex, v, 100, BANDS).every((x, i) => sameBand(x.share, bandedChassis(alt, v, 100, BANDS)[i]!.share))).toBe(true);
    }
  });

  it('no nbPct moves a band edge across a share: the bands at any nbPct are the bands at 100, scaled', () => {
    const c = loadChassis(DEFAULT_CHASSIS_FILE);
    for (const v of ['classic', 'luxe', 'clinical'] as const) {
      const at100 = bandedChassis(c, v, 100, BANDS);
      for (const nb of [0.049, 0.066, 0.13, 0.302, 0.406, 1, 12.5, 80]) {
        bandedChassis(c, v, nb, BANDS).forEach((x, i) => {
          expect(x.share).toEqual(at100[i]!.share);
          expect(x.band.mid).toBeCloseTo((at100[i]!.share.mid * nb) / 100, 12);
        });
      }
    }
  });
});
