/**
 * The chassis file as the supplier delivers it (the format of chassis.example.json). Every
 * message here is written by hand so that no value from the file (an amount, a note) can reach
 * an error text through a library default message.
 */
import { z } from 'zod';

/** Amounts of one architecture must add up to 100 % of the chassis within this. */
export const COMPONENT_SUM_TOLERANCE = 0.5;

const text = (what: string) =>
  z.string({ error: (iss) => (iss.input === undefined ? `is required (${what})` : `must be a string (${what})`) });

const shape = (what: string) => (iss: { input: unknown }) => (iss.input === undefined ? 'is required' : `must be ${what}`);

const ComponentSchema = z.strictObject(
  {
    n: text('INCI name')
      .refine((s) => s.trim().length > 0, { message: 'must not be empty' })
      .refine((s) => s.length <= 200, { message: 'must be at most 200 characters' }),
    pct: z
      .number({ error: (iss) => (iss.input === undefined ? 'is required' : 'must be a number (% w/w of the chassis)') })
      .refine((v) => Number.isFinite(v) && v > 0 && v <= 100, { message: 'must be greater than 0 and at most 100' }),
  },
  { error: shape('an object {n, pct}') },
);

const ArchitectureSchema = z.strictObject(
  {
    label: text('display name').refine((s) => s.trim().length > 0, { message: 'must not be empty' }),
    components: z
      .array(ComponentSchema, { error: shape('an array of {n, pct}') })
      .min(1, { message: 'must list at least one component' }),
    processing: text('processing notes'),
    equipment: text('equipment notes'),
  },
  { error: shape('an object {label, components, processing, equipment}') },
);

export const ChassisFileSchema = z.strictObject(
  {
    note: text('note').optional(),
    version: text('version').refine((s) => s.trim().length > 0, { message: 'must not be empty' }),
    architectures: z.strictObject(
      { classic: ArchitectureSchema, luxe: ArchitectureSchema, clinical: ArchitectureSchema },
      { error: shape('an object with classic, luxe and clinical') },
    ),
  },
  { error: 'must be a JSON object' },
);

export type ChassisFile = z.infer<typeof ChassisFileSchema>;
