/** Turns zod issues into field paths a caller can act on, such as `lines[3].blend[1].f`. */
import type { z } from 'zod';

export interface FieldProblem {
  field: string;
  message: string;
}

export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += out ? `.${String(p)}` : String(p);
  }
  return out || '(body)';
}

export function problemsOf(error: z.ZodError): FieldProblem[] {
  return error.issues.map((i) => {
    // zod reports unknown keys on the parent; name the key itself.
    if (i.code === 'unrecognized_keys') {
      const keys = (i as { keys: string[] }).keys;
      return { field: fieldPath([...i.path, keys[0] ?? '']), message: `unknown field${keys.length > 1 ? `s ${keys.join(', ')}` : ''}` };
    }
    return { field: fieldPath(i.path), message: i.message };
  });
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; problems: FieldProblem[] };

/** Per schema, a recogniser of its plainly valid inputs that returns what the schema would (quick.ts). */
const QUICK = new WeakMap<z.ZodType, (input: unknown) => unknown>();

/** Registers a quick path: it must return exactly the schema's output, or undefined to let zod decide. */
export function quickPath<T>(schema: z.ZodType<T>, quick: (input: unknown) => T | undefined): void {
  QUICK.set(schema, quick);
}

export function parseWith<T>(schema: z.ZodType<T>, input: unknown): Parsed<T> {
  const quick = QUICK.get(schema)?.(input);
  if (quick !== undefined) return { ok: true, value: quick as T };
  const r = schema.safeParse(input);
  return r.success ? { ok: true, value: r.data } : { ok: false, problems: problemsOf(r.error) };
}
