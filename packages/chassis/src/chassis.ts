/**
 * The chassis composition, a trade secret (domain.md section 5). It is loaded once per process and
 * handed to the label and preservation engines as a `Chassis`, which never lets the amounts out:
 * they stay in a module-private map, and the only way to read them is `bandedChassis`, which
 * returns each share's published disclosure band (scaled to the finished product). Processing and equipment notes are dropped at load time; only their
 * canary tokens are kept, for the egress filter.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inspect } from 'node:util';
import { ARCHITECTURES, normaliseName, problemsOf, type Architecture } from '@svc/formula';
import { bandOf, contributionOf, type Band, type BandsPack } from '@svc/disclosure';
import { COMPONENT_SUM_TOLERANCE, ChassisFileSchema } from './schema';

/** The fictional example shipped in the repo: the default when SVC_CHASSIS_FILE is unset. */
export const DEFAULT_CHASSIS_FILE = resolve(dirname(fileURLToPath(import.meta.url)), '../data/chassis.example.json');

export const CHASSIS_FILE_ENV = 'SVC_CHASSIS_FILE';

/** Canary tokens are words like `canary-7f3a91` planted in the secret notes. */
const CANARY = /\bcanary-[0-9a-z]+\b/gi;

export class ChassisError extends Error {
  override readonly name = 'ChassisError';
}

export interface ChassisArchitecture {
  readonly variant: Architecture;
  /** Display name of the architecture as one raw material, e.g. "Chassis Classic". */
  readonly label: string;
  /** Component names, alphabetical: the file order is by amount and would give away the ranks. */
  readonly names: readonly string[];
}

/** A chassis component as the disclosure policy lets it show. */
export interface BandedComponent {
  /** INCI name as the chassis file writes it. */
  readonly n: string;
  /** normaliseName(n): the key to look the name up in a resolution map. */
  readonly key: string;
  /** The published band of its share of the chassis (% of the chassis). */
  readonly share: Band;
  /** That band scaled by nbPct / 100: its contribution to the finished product, as the policy discloses it. */
  readonly band: Band;
}

interface Secret {
  /** Per variant: [normalised key, name, % w/w of the chassis], alphabetical by name. */
  readonly amounts: ReadonlyMap<Architecture, ReadonlyArray<readonly [string, string, number]>>;
}

const secrets = new WeakMap<Chassis, Secret>();

export class Chassis {
  readonly version: string;
  /** Lower-case canary tokens found in the processing and equipment notes. */
  readonly canaries: readonly string[];
  readonly #architectures: ReadonlyMap<Architecture, ChassisArchitecture>;

  /** Use parseChassis or loadChassis. */
  private constructor(version: string, archs: ReadonlyMap<Architecture, ChassisArchitecture>, canaries: readonly string[]) {
    this.version = version;
    this.#architectures = archs;
    this.canaries = Object.freeze([...canaries]);
    Object.freeze(this);
  }

  /** @internal built only by parseChassis. */
  static create(version: string, archs: ReadonlyMap<Architecture, ChassisArchitecture>, canaries: readonly string[], secret: Secret): Chassis {
    const c = new Chassis(version, archs, canaries);
    secrets.set(c, secret);
    return c;
  }

  architecture(variant: Architecture): ChassisArchitecture {
    const a = this.#architectures.get(variant);
    if (!a) throw new ChassisError(`unknown chassis architecture: ${String(variant)}`);
    return a;
  }

  /** Every component name of every architecture, alphabetical, once each (for the egress filter). */
  allNames(): string[] {
    const set = new Set<string>();
    for (const a of this.#architectures.values()) for (const n of a.names) set.add(n);
    return [...set].sort();
  }

  /** Logs and JSON show the public shape only: labels and names, no amounts, no notes. */
  toJSON(): unknown {
    const architectures: Record<string, unknown> = {};
    for (const [v, a] of this.#architectures) architectures[v] = { label: a.label, components: [...a.names] };
    return { version: this.version, architectures };
  }

  [inspect.custom](): string {
    return `Chassis(${this.version}, amounts redacted)`;
  }
}

function fail(source: string, detail: string): never {
  throw new ChassisError(`chassis file ${source}: ${detail}`);
}

/**
 * Validates an already-parsed chassis file. `source` names it in error messages (a path, or
 * "fixture"); messages carry field paths and rules, never a value from the file.
 */
export function parseChassis(raw: unknown, source = '(inline)'): Chassis {
  const r = ChassisFileSchema.safeParse(raw);
  if (!r.success) {
    const problems = problemsOf(r.error);
    const shown = problems.slice(0, 5).map((p) => `${p.field} ${p.message}`);
    if (problems.length > 5) shown.push(`and ${problems.length - 5} more`);
    fail(source, shown.join('; '));
  }
  const file = r.data;
  const archs = new Map<Architecture, ChassisArchitecture>();
  const amounts = new Map<Architecture, Array<readonly [string, string, number]>>();
  const canaries = new Set<string>();
  for (const variant of ARCHITECTURES) {
    const a = file.architectures[variant];
    const seen = new Set<string>();
    let sum = 0;
    a.components.forEach((c, i) => {
      const key = normaliseName(c.n);
      if (seen.has(key)) fail(source, `architectures.${variant}.components[${i}].n is listed twice in this architecture`);
      seen.add(key);
      sum += c.pct;
    });
    if (Math.abs(sum - 100) > COMPONENT_SUM_TOLERANCE) {
      fail(source, `architectures.${variant}.components amounts must add up to 100 (within ${COMPONENT_SUM_TOLERANCE})`);
    }
    const rows = a.components
      .map((c) => [normaliseName(c.n), c.n.trim().replace(/\s+/g, ' '), c.pct] as const)
      .sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
    amounts.set(variant, rows);
    archs.set(variant, Object.freeze({ variant, label: a.label.trim(), names: Object.freeze(rows.map((x) => x[1])) }));
    for (const note of [a.processing, a.equipment]) for (const m of note.matchAll(CANARY)) canaries.add(m[0].toLowerCase());
  }
  return Chassis.create(file.version, archs, [...canaries].sort(), { amounts });
}

/** Reads, parses and validates a chassis file; throws ChassisError with a message safe to log. */
export function loadChassis(path: string): Chassis {
  if (!existsSync(path)) fail(path, 'not found');
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? 'read error';
    fail(path, `cannot be read (${code})`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    // V8 quotes a snippet of the text in its message, which may hold an amount: keep the position only.
    const pos = /position (\d+)/.exec(String((e as Error).message));
    if (pos?.[1]) {
      const before = text.slice(0, Number(pos[1]));
      const line = before.split('\n').length;
      const col = before.length - before.lastIndexOf('\n');
      fail(path, `is not valid JSON (near line ${line}, column ${col})`);
    }
    fail(path, 'is not valid JSON');
  }
  return parseChassis(raw, path);
}

export function chassisFileFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  const v = env[CHASSIS_FILE_ENV]?.trim();
  return v ? v : DEFAULT_CHASSIS_FILE;
}

export function loadChassisFromEnv(env: NodeJS.ProcessEnv = process.env): Chassis {
  return loadChassis(chassisFileFromEnv(env));
}

const shareCache = new WeakMap<Chassis, WeakMap<BandsPack, Map<Architecture, ReadonlyArray<readonly [string, string, Band]>>>>();
const bandCache = new WeakMap<Chassis, WeakMap<BandsPack, Map<string, readonly BandedComponent[]>>>();
/** Enough for every nbPct a busy service sees in practice; cleared when full rather than grown. */
const BAND_CACHE_LIMIT = 4096;

/**
 * Each component's share of the chassis replaced by its published band, once per chassis, pack
 * and variant. This is the only place that reads the amounts; nothing downstream can see finer.
 */
function shareBands(chassis: Chassis, variant: Architecture, pack: BandsPack): ReadonlyArray<readonly [string, string, Band]> {
  let byPack = shareCache.get(chassis);
  if (!byPack) shareCache.set(chassis, (byPack = new WeakMap()));
  let byVariant = byPack.get(pack);
  if (!byVariant) byPack.set(pack, (byVariant = new Map()));
  const hit = byVariant.get(variant);
  if (hit) return hit;
  const rows = secrets.get(chassis)?.amounts.get(variant);
  if (!rows) throw new ChassisError(`unknown chassis architecture: ${String(variant)}`);
  const out = Object.freeze(rows.map(([key, n, pct]) => Object.freeze([key, n, Object.freeze(bandOf(pct, pack))] as const)));
  byVariant.set(variant, out);
  return out;
}

/**
 * The chassis' components, alphabetical by name, each with its share's published band and that
 * band scaled to the finished product at nbPct. The band is taken of the share, never of the
 * contribution: a band of `share × nbPct / 100` would let a caller sweeping nbPct watch an edge
 * cross the secret share. So every output built from this is a function of the published bands,
 * nbPct and the request. Cached per chassis, pack, variant and nbPct (the label's hot path).
 */
export function bandedChassis(chassis: Chassis, variant: Architecture, nbPct: number, pack: BandsPack): readonly BandedComponent[] {
  let byPack = bandCache.get(chassis);
  if (!byPack) bandCache.set(chassis, (byPack = new WeakMap()));
  let byKey = byPack.get(pack);
  if (!byKey) byPack.set(pack, (byKey = new Map()));
  const k = `${variant}|${nbPct}`;
  const hit = byKey.get(k);
  if (hit) return hit;
  const out = Object.freeze(
    shareBands(chassis, variant, pack).map(([key, n, share]) => Object.freeze({ n, key, share, band: Object.freeze(contributionOf(share, nbPct)) })),
  );
  if (byKey.size >= BAND_CACHE_LIMIT) byKey.clear();
  byKey.set(k, out);
  return out;
}
