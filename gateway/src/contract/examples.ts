/**
 * Worked examples for the reference, one per operation, each an input a caller sends and the
 * answer it gets. gateway/test/contract.test.ts validates every example against its operation's
 * schemas, so an example cannot show a field the service does not send.
 */
const usage = {
  month: '2026-11',
  runsUsed: 3,
  runsLimit: 40,
  runsLeft: 37,
  run: { id: 'run_01JDXQ7V4P', opensAt: '2026-11-25T09:00:00.000Z', closesAt: '2026-11-25T10:00:00.000Z', calls: 2, callsLeft: 298 },
  overageRuns: 0,
};

const lines = [
  { n: 'Glycerin', pct: 3 },
  { n: 'Niacinamide', pct: 4 },
  { pct: 2, blend: [{ n: 'Aloe Barbadensis Leaf Juice', f: 0.995 }, { n: 'Potassium Sorbate', f: 'trace' }] },
];

export const CHECK = {
  input: { base: 'classic', basePct: 91, ph: 5.5, lines },
  answer: {
    verdict: 'compatible',
    categories: [
      { code: 'HU', name: 'humectant/glycol', load: 3, max: 8, share: 0.375, status: 'ok' },
      { code: 'AV', name: 'active', load: 4, max: 6, share: 0.667, status: 'ok' },
    ],
    remedies: [],
    maxLoads: { HU: 8, AV: 6 },
    lines: [
      { n: 'Glycerin', inci: 'GLYCERIN', c: 'HU', pct: 3, matched: true, line: 0, trace: false },
      { n: 'Niacinamide', inci: 'NIACINAMIDE', c: 'AV', pct: 4, matched: true, line: 1, trace: false },
      { n: 'Aloe Barbadensis Leaf Juice', inci: 'ALOE BARBADENSIS LEAF JUICE', c: 'AQ', pct: 1.99, matched: true, line: 2, trace: false },
      { n: 'Potassium Sorbate', inci: 'POTASSIUM SORBATE', c: 'PR', pct: 0, matched: true, line: 2, trace: true },
    ],
    unmatched: [],
    market: 'eu',
    product: { productType: 'leave_on', area: null, spray: false, childrenUnder3: false, professional: false },
    assumed: ['productType', 'product.area', 'product.spray', 'product.childrenUnder3', 'product.professional'],
    packVersion: '2026-10-05',
    regulatoryVersion: 'eu-annexes-2024-01-11',
    usage,
  },
};

export const PRESERVATION = {
  input: { variant: 'classic', nbPct: 91, lines, productType: 'leave_on' },
  answer: {
    selfPreserved: false,
    topUp: { needed: true, options: [{ name: 'PHENOXYETHANOL', role: 'broad-spectrum preservative' }] },
    reasons: [{ code: 'water_activity', text: 'The formula holds free water: it needs a preservative system.' }],
    caps: [{ n: 'POTASSIUM SORBATE', ref: 'V/4', status: 'within', limit: '0.6 % (as acid)' }],
    advice: ['Check the preservative at the product pH.'],
    unmatched: [],
    usage,
  },
};

export const LABEL = {
  input: { variant: 'classic', nbPct: 91, lines, mode: 'label' },
  answer: {
    mode: 'label',
    finished_inci: 'AQUA, NIACINAMIDE, GLYCERIN, ALOE BARBADENSIS LEAF JUICE, POTASSIUM SORBATE',
    ordered: ['AQUA', 'NIACINAMIDE', 'GLYCERIN'],
    tail: ['ALOE BARBADENSIS LEAF JUICE', 'POTASSIUM SORBATE'],
    unmatched: [],
    warnings: [],
    mayContain: [],
    usage,
  },
};

export const SEARCH = {
  input: { q: 'glycerin' },
  answer: {
    total: 1,
    results: [{ n: 'GLYCERIN', c: 'HU', up: 10, fn: ['HUMECTANT'], cas: '56-81-5', refs: [], allergen: false, nano: false }],
    usage,
  },
};

export const META = {
  answer: {
    source: 'CosIng',
    cosingVintage: '2026-09',
    annexVintage: '2026-09',
    dataVersion: '2026.09.1',
    overlayVersion: '1',
    categoryMapVersion: '1',
    ingredients: 28000,
    names: 41000,
    loadedAt: '2026-11-25T08:00:00.000Z',
    usage,
  },
};

const submission = {
  id: '17',
  inci: 'BAKUCHIOL',
  cas: '10309-37-2',
  functions: ['ANTIOXIDANT'],
  note: null,
  status: 'pending',
  times: 1,
  reason: null,
  createdAt: '2026-11-25T09:12:00.000Z',
  updatedAt: '2026-11-25T09:12:00.000Z',
};

export const SUBMIT = {
  input: { inci: 'BAKUCHIOL', cas: '10309-37-2', functions: ['ANTIOXIDANT'] },
  answer: { ...submission, merged: false, existing: null, usage },
};

export const SUBMISSIONS = { input: { limit: '20' }, answer: { submissions: [submission], total: 1, nextCursor: null, usage } };

export const KNOWLEDGE = {
  input: { question: 'Which preservatives work at pH 6?' },
  answer: {
    packVersion: '2026-10-05',
    source: 'Curated public rules',
    answers: [{ id: 'preservative-ph', title: 'Preservatives and pH', text: 'Organic acids work below pH 5.5.', source: 'SCCS Notes of Guidance' }],
    usage,
  },
};

export const ACCOUNT = {
  answer: {
    company: 'Acme Cosmetics',
    tier: 'standard',
    plan: 'small_business',
    paidThrough: '2026-12-01',
    month: '2026-11',
    runsUsed: 3,
    runsLimit: 40,
    termsVersion: '2026-10-05',
    upgrade: { plan: 'lab', adds: '60 runs a month and per-user strike isolation' },
    terms: 'https://api.example.com/terms',
    standing: {
      account: { state: 'active', strikes_today: 0, of: 3, suspended_until: null, next_step: 'the next refusal today is warning 1 of 3; strikes start again at 0 each UTC day' },
      end_user: null,
    },
    usage,
  },
};

export const ENROL = {
  input: { action: 'enroll', users: ['u-1842', 'u-1843'] },
  answer: { action: 'enroll', enrolled: ['u-1843'], alreadyEnrolled: ['u-1842'], seatsUsed: 2, seatsFree: 8, seatLimit: 10, usage },
};

export const SEATS = { input: { limit: '100' }, answer: { users: ['u-1842', 'u-1843'], seatsUsed: 2, seatsFree: 8, seatLimit: 10, nextCursor: null, usage } };

export const KEY = {
  answer: {
    key: 'svc_live_…',
    keyId: 'key_7',
    message: 'Store this key now: it is shown only once. The old key no longer works.',
    usage,
  },
};
