/**
 * What a caller may propose for the library (submit_ingredient, POST /lib/submissions), validated
 * strictly: the text ends up in an operator's review queue and, once approved, in search results.
 */
import { z } from 'zod';
import { CANARY_MESSAGE, CANARY_SHAPE, LONE_SURROGATE } from './line';

/** The 81 function values of the CosIng inventory, spelled as CosIng spells them. */
export const COSING_FUNCTIONS = [
  'ABRASIVE', 'ABSORBENT', 'ADHESIVE', 'ANTI-SEBORRHEIC', 'ANTI-SEBUM', 'ANTICAKING', 'ANTICORROSIVE',
  'ANTIFOAMING', 'ANTIMICROBIAL', 'ANTIOXIDANT', 'ANTIPERSPIRANT', 'ANTIPLAQUE', 'ANTISTATIC', 'ASTRINGENT',
  'BINDING', 'BLEACHING', 'BUFFERING', 'BULKING', 'CHELATING', 'CLEANSING', 'COLORANT', 'DENATURANT',
  'DEODORANT', 'DEPILATORY', 'DETANGLING', 'DISPERSING NON-SURFACTANT', 'EMULSION STABILISING', 'EPILATING',
  'EXFOLIATING', 'EYELASH CONDITIONING', 'FILM FORMING', 'FLAVOURING', 'FOAMING', 'FRAGRANCE', 'GEL FORMING',
  'HAIR CONDITIONING', 'HAIR DYEING', 'HAIR FIXING', 'HAIR WAVING OR STRAIGHTENING', 'HUMECTANT', 'KERATOLYTIC',
  'LIGHT STABILIZER', 'LYTIC', 'MOISTURISING', 'NAIL CONDITIONING', 'NAIL SCULPTING', 'NOT REPORTED',
  'OPACIFYING', 'ORAL CARE', 'OXIDISING', 'PEARLESCENT', 'PERFUMING', 'PLASTICISER', 'PRESERVATIVE',
  'PROPELLANT', 'REDUCING', 'REFATTING', 'REFRESHING', 'SKIN CONDITIONING', 'SKIN CONDITIONING - EMOLLIENT',
  'SKIN CONDITIONING - HUMECTANT', 'SKIN CONDITIONING - MISCELLANEOUS', 'SKIN CONDITIONING - OCCLUSIVE',
  'SKIN PROTECTING', 'SLIP MODIFIER', 'SMOOTHING', 'SOLVENT', 'SOOTHING', 'SURFACE MODIFIER',
  'SURFACTANT - CLEANSING', 'SURFACTANT - DISPERSING', 'SURFACTANT - EMULSIFYING', 'SURFACTANT - FOAM BOOSTING',
  'SURFACTANT - HYDROTROPE', 'SURFACTANT - SOLUBILIZING', 'TANNING', 'TONIC', 'UV ABSORBER', 'UV FILTER',
  'VISCOSITY CONTROLLING', 'pH ADJUSTERS',
] as const;

const fnKey = (s: string): string => s.trim().replace(/\s+/g, ' ').toUpperCase();
const KNOWN_FUNCTIONS = new Map<string, string>(COSING_FUNCTIONS.map((f) => [fnKey(f), f]));

/** A CosIng function written in any case becomes CosIng's spelling; free text stays as written. */
export function canonicalFunction(raw: string): string {
  const t = raw.trim().replace(/\s+/g, ' ');
  return KNOWN_FUNCTIONS.get(fnKey(t)) ?? t;
}

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** Notes may keep line breaks and tabs; no other control character. */
const NOTE_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export const CAS_PATTERN = /^\d{2,7}-\d{2}-\d$/;

const text = (min: number, max: number) =>
  z
    .string({ error: (iss) => (iss.input === undefined ? 'is required' : 'must be a string') })
    .refine((s) => !CONTROL.test(s), { message: 'must not contain control characters' })
    .refine((s) => !LONE_SURROGATE.test(s), { message: 'must be valid Unicode text' })
    .refine((s) => !CANARY_SHAPE.test(s), { message: CANARY_MESSAGE })
    .transform((s) => s.trim().replace(/ +/g, ' '))
    .refine((s) => s.length >= min, { message: `must be at least ${min} characters` })
    .refine((s) => s.length <= max, { message: `must be at most ${max} characters` });

export const SubmissionSchema = z.strictObject({
  /** INCI name as the caller writes it; stored trimmed, matched normalised. */
  inci: text(2, 200),
  cas: z
    .string({ error: 'must be a string' })
    .transform((s) => s.trim())
    .refine((s) => CAS_PATTERN.test(s), { message: 'must be a CAS number such as 56-81-5' })
    .optional(),
  /** CosIng function values (any case) or free text. */
  functions: z
    .array(text(1, 60).transform(canonicalFunction), { error: 'must be an array of strings' })
    .max(10, 'must have at most 10 functions')
    .optional(),
  note: z
    .string({ error: 'must be a string' })
    .transform((s) => s.trim())
    .refine((s) => !NOTE_CONTROL.test(s), { message: 'must not contain control characters' })
    .refine((s) => !LONE_SURROGATE.test(s), { message: 'must be valid Unicode text' })
    .refine((s) => !CANARY_SHAPE.test(s), { message: CANARY_MESSAGE })
    .refine((s) => s.length <= 1000, { message: 'must be at most 1000 characters' })
    .optional(),
});

export type SubmissionInput = z.input<typeof SubmissionSchema>;
export type Submission = z.output<typeof SubmissionSchema>;

export const SUBMISSION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export const DecisionSchema = z.enum(['approve', 'reject']);
export type Decision = z.infer<typeof DecisionSchema>;
