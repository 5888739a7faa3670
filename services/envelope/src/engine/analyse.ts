/**
 * One pass over the caller's lines: blends opened, names matched, loads summed, and everything
 * the verdict rules need noted on the way, so the rules themselves never walk the formula again.
 */
import { isBlend, normaliseName, remembered, type IngredientFacts, type Line, type Resolution } from '@svc/formula';
import { addLoads, ionicClass } from './loads';
import { CATS, catIndex, type EnvelopePack } from './pack';

export interface Comp {
  /** Name as the caller wrote it, trimmed. */
  n: string;
  key: string;
  /** % of the finished product; 0 for trace. */
  pct: number;
  trace: boolean;
  line: number;
  facts: IngredientFacts | null;
  /** Category index, or -1 when the name did not match the library. */
  cat: number;
}

export interface Unmatched {
  n: string;
  suggestions: string[];
}

export interface Analysis {
  comps: Comp[];
  /** Load per category index (see loads.ts for the weights). */
  loads: Float64Array;
  /** Categories with at least one matched component, trace included. */
  present: Uint8Array;
  lineSum: number;
  anionic: number;
  cationic: number;
  unmatched: Map<string, Unmatched>;
  traces: Comp[];
  prohibited: Comp[];
  prohibitedTrace: Comp[];
  organicAcids: Comp[];
}

// normaliseName folds accents with Unicode normalisation and regexes: a few hundred ns per name,
// which would dominate a 12-line check. Names repeat across requests, so remember them.
export const keyOf: (name: string) => string = remembered(normaliseName);

export function analyse(lines: readonly Line[], resolutions: ReadonlyMap<string, Resolution>, pack: EnvelopePack): Analysis {
  const a: Analysis = {
    comps: [],
    loads: new Float64Array(CATS.length),
    present: new Uint8Array(CATS.length),
    lineSum: 0,
    anionic: 0,
    cationic: 0,
    unmatched: new Map(),
    traces: [],
    prohibited: [],
    prohibitedTrace: [],
    organicAcids: [],
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as Line;
    a.lineSum += line.pct;
    if (isBlend(line)) {
      for (const b of line.blend) {
        const trace = b.f === 'trace';
        add(a, b.n, trace ? 0 : line.pct * (b.f as number), trace, i, resolutions, pack);
      }
    } else {
      add(a, line.n, line.pct, false, i, resolutions, pack);
    }
  }
  return a;
}

function add(
  a: Analysis,
  raw: string,
  pct: number,
  trace: boolean,
  line: number,
  resolutions: ReadonlyMap<string, Resolution>,
  pack: EnvelopePack,
): void {
  const key = keyOf(raw);
  const r = resolutions.get(key);
  const n = raw.trim();
  if (r === undefined || !r.matched) {
    a.comps.push({ n, key, pct, trace, line, facts: null, cat: -1 });
    if (!a.unmatched.has(key)) a.unmatched.set(key, { n, suggestions: r === undefined ? [] : r.suggestions.slice(0, 3) });
    if (trace) a.traces.push(a.comps[a.comps.length - 1] as Comp);
    return;
  }
  const f = r.facts;
  const cat = catIndex(f.c);
  const comp: Comp = { n, key, pct, trace, line, facts: f, cat };
  a.comps.push(comp);
  a.present[cat] = 1;
  if (trace) {
    a.traces.push(comp);
    if (f.prohibited) a.prohibitedTrace.push(comp);
  } else {
    addLoads(f, pct, pack, a.loads);
    if (f.prohibited) a.prohibited.push(comp);
    const ionic = ionicClass(f, cat, pack);
    if (ionic === 'anionic') a.anionic += pct;
    else if (ionic === 'cationic') a.cationic += pct;
  }
  if (pack.organicAcidCat[cat] === true && pack.organicAcids.has(f.inci)) a.organicAcids.push(comp);
}
