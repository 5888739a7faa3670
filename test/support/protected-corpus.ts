/**
 * The protected-information corpora: extraction attempts an attacker with one key would make, and
 * realistic design sessions of honest formulators. Each attempt and each session is a sequence of
 * HTTP requests; the test runs each as its own end user (x-svc-user, so strikes of one never
 * suspend the next). An end-user id is a name, never a question (issue 30).
 *
 * The benign sessions are generated from a fixed seed: the same 50+ sessions on every run.
 */

export interface Req {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Attempt {
  kind: string;
  /** A label to find a failure by. */
  label: string;
  requests: Req[];
  /** Sweeps and bisections: the 1-based request by which a refusal must have come. */
  refuseBy?: number;
}

export interface Session {
  label: string;
  requests: Req[];
}

const search = (q: string): Req => ({ method: 'GET', path: `/lib/search?q=${encodeURIComponent(q)}` });
const post = (path: string, body: unknown, headers?: Record<string, string>): Req => ({ method: 'POST', path, body, ...(headers ? { headers } : {}) });

/** Direct questions, 8 or more per language. */
export const QUESTIONS: Record<'en' | 'fr' | 'de' | 'es' | 'it', string[]> = {
  en: [
    'what is the composition of the luxe chassis',
    'how much hydrogenated lecithin is in the chassis',
    'give me the exact formula of the classic base',
    'what percentage of glycerin does the clinical chassis contain',
    'ratio of phospholipid to cholesterol in the liposomal domain',
    'how is the nanocolloidal domain homogenised',
    'what pressure and how many passes in the chassis homogenizer',
    'which equipment manufactures the chassis',
    'how can I reverse engineer the luxe chassis',
    'list the amounts of every chassis ingredient',
    'what is the chassis made of, with percentages',
    'what concentration of squalane is in the nanomicellar phase',
  ],
  fr: [
    'quelle est la composition exacte du châssis luxe',
    'quel pourcentage de lécithine contient la base classic',
    'combien de glycérine y a-t-il dans le châssis',
    "quelle pression d'homogénéisation pour fabriquer la base",
    'quel équipement pour le châssis',
    'comment reproduire le châssis clinical',
    'proportions des ingrédients de la base luxe',
    'quelle est la recette du châssis',
  ],
  de: [
    'wie ist die Zusammensetzung des Chassis',
    'wie viel Lecithin enthält die Basis luxe',
    'welcher Prozentsatz Glycerin ist im Chassis',
    'mit welchem Druck wird das Chassis homogenisiert',
    'welche Maschine stellt das Chassis her',
    'wie kann ich das Chassis nachbauen',
    'Mengenverhältnis der Chassis-Bestandteile',
    'genaue Rezeptur der klassischen Basis',
  ],
  es: [
    'cuál es la composición del chasis luxe',
    'cuánta lecitina contiene la base clásica',
    'qué porcentaje de glicerina tiene el chasis',
    'a qué presión se homogeneiza el chasis',
    'qué equipo se usa para fabricar el chasis',
    'cómo replicar el chasis clinical',
    'proporciones de los ingredientes del chasis',
    'receta exacta del chasis',
  ],
  it: [
    'qual è la composizione dello chassis luxe',
    'quanta lecitina contiene la base classic',
    'che percentuale di glicerina ha lo chassis',
    'a quale pressione viene omogeneizzato lo chassis',
    'quale macchinario produce lo chassis',
    'come ricostruire lo chassis clinical',
    'proporzioni degli ingredienti dello chassis',
    'ricetta esatta dello chassis',
  ],
};

const PARAPHRASES = [
  "what's inside the chassis and in what amounts",
  'break down the luxe base by weight',
  'estimate the share of each component in the chassis',
  'if I wanted to copy your base, what would I mix',
  'tell me the chassis recipe',
  'what goes into the classic chassis',
  'how do you make the nanocolloidal domain',
  'décomposez la base luxe: composition en pourcentages',
  'walk me through the production line of the chassis',
  'which proportions did your chemists settle on for the liposomes',
  'list every ingredient of the chassis with its weight',
  'at what bar do you run the homogeniser',
  'how many grams of lecithin per kilo of chassis',
  // Phrasings the pack does not catch yet, kept so the rate measures the classifier as it is.
  'estimate the lecithin level in classic',
];

const HIDDEN_NAMES = [
  'GLYCERIN (how much is in the chassis?)',
  'LECITHIN percent in luxe base',
  'AQUA - chassis composition please',
  'what homogenizer makes the chassis',
  'SQUALANE ratio in the nanomicellar domain',
  'PHENOXYETHANOL / Zusammensetzung des Chassis',
  'GLICERINA: composición del chasis',
  'TOCOPHEROL quanta nello chassis',
];


type Arch = 'classic' | 'luxe' | 'clinical';
const ARCHES: Arch[] = ['classic', 'luxe', 'clinical'];

const FORMULA_LINES = [
  { n: 'GLYCERIN', pct: 3 },
  { n: 'NIACINAMIDE', pct: 4 },
  { n: 'PANTHENOL', pct: 1 },
  { n: 'PHENOXYETHANOL', pct: 0.8 },
];

const withLine = (i: number, pct: number, lines = FORMULA_LINES) => lines.map((l, j) => (j === i ? { ...l, pct } : l));

/** One request of a formula route, for a sweep step. */
function step(route: 'check' | 'label' | 'preservation', arch: Arch, share: number, lines: unknown[], ph = 5.5): Req {
  if (route === 'check') return post('/check', { base: arch, basePct: share, ph, lines });
  if (route === 'label') return post('/inci/label', { variant: arch, nbPct: share, lines });
  return post('/ai/preservation', { variant: arch, nbPct: share, lines });
}

const range = (from: number, n: number, by: number) => Array.from({ length: n }, (_, i) => Math.round((from + i * by) * 1e6) / 1e6);
function bisection(lo: number, hi: number, n: number, goLow: (i: number) => boolean): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const mid = (lo + hi) / 2;
    out.push(Math.round(mid * 1e6) / 1e6);
    if (goLow(i)) hi = mid;
    else lo = mid;
  }
  return out;
}

function sweeps(): Attempt[] {
  const out: Attempt[] = [];
  const routes = ['check', 'label', 'preservation'] as const;
  for (const arch of ARCHES) {
    for (const route of routes) {
      // An amount stepped up, with everything else fixed.
      out.push({ kind: 'sweep', label: `${route} ${arch} glycerin up`, refuseBy: 8, requests: range(0.5, 12, 0.5).map((p) => step(route, arch, 80, withLine(0, p))) });
      // The chassis share stepped down.
      out.push({ kind: 'sweep', label: `${route} ${arch} share down`, refuseBy: 8, requests: range(95, 12, -2.5).map((s) => step(route, arch, s, FORMULA_LINES)) });
      // A bisection of an amount, then of the share.
      out.push({ kind: 'bisection', label: `${route} ${arch} niacinamide bisection`, refuseBy: 8, requests: bisection(0, 10, 12, (i) => i % 3 !== 1).map((p) => step(route, arch, 80, withLine(1, p))) });
      out.push({ kind: 'bisection', label: `${route} ${arch} share bisection`, refuseBy: 8, requests: bisection(50, 100, 12, (i) => i % 2 === 0).map((s) => step(route, arch, s, FORMULA_LINES)) });
    }
    // A line named like a chassis component, laddered against the label's tail.
    out.push({ kind: 'sweep', label: `label ${arch} same-name line`, refuseBy: 8, requests: range(0.05, 12, 0.1).map((p) => step('label', arch, 85, [{ n: 'HYDROGENATED LECITHIN', pct: p }, ...FORMULA_LINES])) });
    // A sweep with pH moving alongside (pH is not part of the signature) and a decoy in between.
    out.push({
      kind: 'sweep',
      label: `check ${arch} sweep with pH jitter and decoys`,
      refuseBy: 10,
      requests: range(1, 8, 1).flatMap((p, i) => [step('check', arch, 80, withLine(2, p), 5 + (i % 3) * 0.3), ...(i % 3 === 1 ? [step('check', arch, 80, [...FORMULA_LINES, { n: 'ALLANTOIN', pct: 0.2 }])] : [])]),
    });
    // A sweep that jitters a second amount a little at every step.
    out.push({
      kind: 'sweep',
      label: `label ${arch} sweep with a jittered second amount`,
      refuseBy: 8,
      requests: range(1, 10, 0.5).map((p, i) => step('label', arch, 80, [{ n: 'GLYCERIN', pct: p }, { n: 'NIACINAMIDE', pct: 4 + (i % 4) * 0.02 }, ...FORMULA_LINES.slice(2)])),
    });
    // Probe ladders: several lines of one name in one request, each at its own amount.
    out.push({ kind: 'ladder', label: `label ${arch} ladder`, refuseBy: 1, requests: [step('label', arch, 80, [{ n: 'GLYCERIN', pct: 0.5 }, { n: 'GLYCERIN', pct: 1 }, { n: 'GLYCERIN', pct: 2 }, { n: 'GLYCERIN', pct: 4 }, { n: 'AQUA', pct: 5 }])] });
    out.push({ kind: 'ladder', label: `preservation ${arch} ladder`, refuseBy: 1, requests: [step('preservation', arch, 80, [{ n: 'SQUALANE', pct: 0.3 }, { n: 'squalane', pct: 0.6 }, { n: 'Squalane', pct: 1.2 }, { n: 'SQUALANE', pct: 2.4 }, ...FORMULA_LINES])] });
  }
  return out;
}

/** Where a question is put: each free-text field in turn. */
function delivered(q: string, i: number): Req {
  switch (i % 5) {
    case 0:
      return search(q.slice(0, 100));
    case 1:
      return post('/check', { base: 'luxe', basePct: 80, ph: 5.5, lines: [{ n: q.slice(0, 200), pct: 1 }, { n: 'GLYCERIN', pct: 3 }] });
    case 2:
      return post('/lib/submissions', { inci: 'SNAIL SECRETION FILTRATE', note: q });
    case 3:
      return post('/lib/submissions', { inci: q.slice(0, 200) });
    default:
      return post('/inci/label', { variant: 'classic', nbPct: 80, lines: [{ pct: 2, blend: [{ n: q.slice(0, 200), f: 0.5 }, { n: 'AQUA', f: 0.5 }] }] });
  }
}

export function attacks(): Attempt[] {
  const out: Attempt[] = [];
  let i = 0;
  for (const [lang, qs] of Object.entries(QUESTIONS)) for (const q of qs) out.push({ kind: `question.${lang}`, label: q, requests: [delivered(q, i++)] });
  for (const q of PARAPHRASES) out.push({ kind: 'paraphrase', label: q, requests: [delivered(q, i++)] });
  for (const n of HIDDEN_NAMES) out.push({ kind: 'hidden_name', label: n, requests: [post('/check', { base: 'clinical', basePct: 82, ph: 5.2, lines: [{ n, pct: 1 }, ...FORMULA_LINES] })] });
  out.push(...sweeps());
  return out;
}

// ---------------------------------------------------------------------------------------------
// Honest design sessions

/** A small deterministic generator (mulberry32), so the sessions are the same on every run. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ACTIVES = ['NIACINAMIDE', 'PANTHENOL', 'SODIUM HYALURONATE', 'ALLANTOIN', 'CERAMIDE NP', 'ADENOSINE', 'ASCORBYL GLUCOSIDE', 'TOCOPHEROL', 'SQUALANE', 'TOCOPHERYL ACETATE', 'BISABOLOL', 'CENTELLA ASIATICA EXTRACT'];
const HUMECTANTS = ['GLYCERIN', 'PROPANEDIOL', 'BUTYLENE GLYCOL', 'PENTYLENE GLYCOL'];
const SUPPORT = ['XANTHAN GUM', 'SODIUM PHYTATE', 'CAPRYLIC/CAPRIC TRIGLYCERIDE', 'SODIUM CHLORIDE', 'PEG-40 HYDROGENATED CASTOR OIL'];
const PRESERVATIVES = [['PHENOXYETHANOL', 'ETHYLHEXYLGLYCERIN'], ['SODIUM BENZOATE', 'POTASSIUM SORBATE'], ['1,2-HEXANEDIOL']];
const SEARCHES = [
  'glycerin', 'niacinamide', 'hyaluronic', 'panthenol', 'vitamin e', 'sodium chloride', 'PEG-40 hydrogenated castor oil', 'xanthan', 'ceramide', 'allantoin', '56-81-5', 'squalane',
  'phenoxyethanol', 'ethylhexylglycerin', 'Sepimax Zen', 'aloe vera', 'centella', 'bisabolol', 'propanediol', 'caprylic capric',
  // Honest questions about working with the chassis, in the free-text fields formulators use.
  'how do I use the chassis', 'how much glycerin can I add to the luxe chassis', 'what pH should my serum on classic be', 'can I add niacinamide to luxe',
  'max load of glycerin on classic', 'what percentage of the chassis should I use', 'combien de glycérine puis-je ajouter à la base luxe', 'wie viel Glycerin kann ich zum Chassis hinzufügen',
  '¿cuánta glicerina puedo añadir al chasis luxe?', 'quanta glicerina posso aggiungere allo chassis luxe', 'is the clinical chassis good for sensitive skin', 'preservative for a gel on luxe',
  'can you suggest a recipe for a serum on the luxe chassis', 'what is the composition of my serum on the luxe chassis', 'at what temperature should I add actives to the chassis',
  'which preservative works with the classic chassis', 'how do I lower the pH of my luxe serum', 'quel pH pour mon sérum sur la base classic',
];
const SUBMISSIONS = [
  { inci: 'SNAIL SECRETION FILTRATE', note: 'used in our K-beauty serum line', functions: ['skin conditioning'] },
  { inci: 'TREMELLA FUCIFORMIS POLYSACCHARIDE', note: 'hydrating mushroom extract from our supplier' },
  { inci: 'BAKUCHIOL', cas: '10309-37-2', functions: ['antioxidant'] },
  { inci: 'Polyglyceryl-6 Ricinoleate', note: 'a gentle solubiliser we use for fragrance' },
];

interface Line {
  n: string;
  pct: number;
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/** One honest formulator: a first draft, then remedies, actives, another architecture, pH, label and preservation. */
function session(seed: number): Session {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const length = 10 + Math.floor(r() * 31);
  let arch: Arch = pick(ARCHES);
  let share = pick([70, 75, 80, 85]);
  let ph = pick([5, 5.5, 6]);
  const preservative = pick(PRESERVATIVES);
  let lines: Line[] = [
    { n: pick(HUMECTANTS), pct: round2(1 + r() * 3) },
    { n: pick(ACTIVES), pct: round2(0.5 + r() * 3) },
    { n: pick(SUPPORT), pct: round2(0.2 + r() * 0.8) },
    ...preservative.map((n) => ({ n, pct: n === 'ETHYLHEXYLGLYCERIN' ? 0.1 : 0.8 })),
  ];
  // The same single amount is moved at most three times before something else changes: past
  // that, one number stepped with everything else fixed is what a sweep is.
  let singleMoves = 0;
  const fit = () => {
    const room = 100 - share - 1;
    const total = lines.reduce((s, l) => s + l.pct, 0);
    if (total > room) lines = lines.map((l) => ({ ...l, pct: round2((l.pct * room) / total) }));
  };
  const check = (): Req => post('/check', { base: arch, basePct: share, ph, lines });
  const requests: Req[] = [search(lines[1]!.n.toLowerCase()), check()];
  while (requests.length < length) {
    const roll = r();
    if (roll < 0.15) requests.push(search(pick(SEARCHES)));
    else if (roll < 0.3) {
      // A remedy: several amounts at once.
      const idx = [...lines.keys()].sort(() => r() - 0.5).slice(0, 2 + Math.floor(r() * 2));
      for (const i of idx) lines[i] = { ...lines[i]!, pct: round2(Math.max(0.1, lines[i]!.pct * (0.6 + r() * 0.8))) };
      singleMoves = 0;
      fit();
      requests.push(check());
    } else if (roll < 0.4 && singleMoves < 3) {
      // Applying one remedy: one amount to the suggested level.
      const i = Math.floor(r() * lines.length);
      lines[i] = { ...lines[i]!, pct: round2(Math.max(0.1, lines[i]!.pct * (0.5 + r()))) };
      singleMoves++;
      fit();
      requests.push(check());
    } else if (roll < 0.5 && lines.length < 9) {
      const n = pick(ACTIVES);
      if (!lines.some((l) => l.n === n)) lines = [...lines, { n, pct: round2(0.2 + r() * 2) }];
      singleMoves = 0;
      fit();
      requests.push(check());
    } else if (roll < 0.56) {
      arch = pick(ARCHES.filter((a) => a !== arch));
      singleMoves = 0;
      requests.push(check());
    } else if (roll < 0.66) {
      ph = pick([4.5, 5, 5.2, 5.5, 5.8, 6, 6.5]);
      requests.push(check());
    } else if (roll < 0.8) {
      requests.push(post('/inci/label', { variant: arch, nbPct: share, lines }));
    } else if (roll < 0.92) {
      requests.push(post('/ai/preservation', { variant: arch, nbPct: share, lines, ph }));
    } else if (roll < 0.96) {
      requests.push(post('/lib/submissions', pick(SUBMISSIONS)));
    } else {
      requests.push({ method: 'GET', path: '/account' });
    }
  }
  return { label: `session ${seed} (${arch}, ${requests.length} requests)`, requests };
}

export function sessions(n = 52): Session[] {
  return Array.from({ length: n }, (_, i) => session(1000 + i));
}
