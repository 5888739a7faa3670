/** A valid input of every keyed operation that reads one, by operation id (tests walk the table with these). */
const LINES = [{ n: 'AQUA', pct: 15.5 }, { n: 'GLYCERIN', pct: 4 }, { pct: 0.5, blend: [{ n: 'PHENOXYETHANOL', f: 0.9 }, { n: 'ETHYLHEXYLGLYCERIN', f: 0.1 }] }];

export const SAMPLES: Record<string, Record<string, unknown>> = {
  knowledge: { question: 'how do I preserve a water gel?' },
  search_ingredients: { q: 'glycerin' },
  submit_ingredient: { inci: 'MY NEW INGREDIENT', cas: '56-81-5', functions: ['humectant'], note: 'seen in a supplier sheet' },
  list_submissions: { limit: '10', cursor: '1' },
  check_formula: { base: 'classic', basePct: 80, ph: 5.5, lines: LINES },
  preservation_check: { variant: 'classic', nbPct: 80, ph: 5.5, market: 'eu', lines: LINES },
  inci_label: { variant: 'classic', nbPct: 80, market: 'eu', mode: 'label', lines: LINES },
  enrol_users: { action: 'enroll', users: ['u-1', 'u-2'] },
  list_users: { limit: '10' },
};

