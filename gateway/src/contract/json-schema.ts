/**
 * zod to JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1 and of MCP tool schemas) for the
 * contract: validating schemas are stood in for by their documented twins (documented-inputs.ts),
 * and schemas with an id become shared definitions, gathered by the caller (OpenAPI components) or
 * kept in the schema's own `$defs` (an MCP tool schema stands alone).
 */
import { z } from 'zod';
import { DOCUMENTED } from './documented-inputs';

export type JsonSchema = Record<string, unknown>;

interface Def {
  type?: string;
  in?: z.ZodType;
  out?: z.ZodType;
}

/** The documented twin of a schema, looking through the pipes that put a "required" check in front. */
function twinOf(schema: z.ZodType): z.ZodType | undefined {
  const direct = DOCUMENTED.get(schema);
  if (direct) return direct;
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  if (def.type === 'pipe' && def.out) return twinOf(def.out);
  return undefined;
}

function convert(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // A twin's own definitions join the document's: a nested $defs would not be where its $refs point.
  const hoisted: Record<string, JsonSchema> = {};
  const out = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: (ctx) => {
      const twin = twinOf(ctx.zodSchema as unknown as z.ZodType);
      if (!twin) return;
      const { $schema: _s, $defs, ...json } = convert(twin, io) as JsonSchema & { $defs?: Record<string, JsonSchema> };
      Object.assign(hoisted, $defs);
      const target = ctx.jsonSchema as JsonSchema;
      // Keeps what the validating schema said of itself (its description), takes the shape from the twin.
      const description = target.description;
      for (const k of Object.keys(target)) delete target[k];
      Object.assign(target, json, description === undefined ? {} : { description });
    },
  }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
  if (Object.keys(hoisted).length > 0) out.$defs = { ...hoisted, ...out.$defs };
  return out;
}

/** Rewrites every `$ref` to `#/$defs/X` with the given prefix, in place. */
function rebase(node: unknown, prefix: string): void {
  if (Array.isArray(node)) return node.forEach((n) => rebase(n, prefix));
  if (node === null || typeof node !== 'object') return;
  const o = node as JsonSchema;
  if (typeof o.$ref === 'string' && o.$ref.startsWith('#/$defs/')) o.$ref = prefix + o.$ref.slice('#/$defs/'.length);
  for (const v of Object.values(o)) rebase(v, prefix);
}

/**
 * The schema with its shared parts moved into `defs` (referenced as `#/components/schemas/X`).
 * A twin's own definitions are gathered the same way, so each is written once.
 */
export function componentSchema(schema: z.ZodType, io: 'input' | 'output', defs: Record<string, JsonSchema>): JsonSchema {
  const { $schema: _s, $defs, ...root } = convert(schema, io) as JsonSchema & { $defs?: Record<string, JsonSchema> };
  const prefix = '#/components/schemas/';
  rebase(root, prefix);
  for (const [id, def] of Object.entries($defs ?? {})) {
    rebase(def, prefix);
    // Inputs and outputs of one shape can differ (defaults, closed objects): the first written wins,
    // so an id names one shape; shapes used both ways are written as outputs first (see openapi.ts).
    defs[id] ??= def;
  }
  return root;
}

/** A schema that stands alone with an object at its root, as MCP tool schemas must. */
export function standaloneObjectSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema & { type: 'object' } {
  const { $schema: _s, $defs, ...root } = convert(schema, io) as JsonSchema & { $defs?: Record<string, JsonSchema> };
  let top: JsonSchema = root;
  const ref = typeof root.$ref === 'string' ? root.$ref.slice('#/$defs/'.length) : undefined;
  if (ref && $defs?.[ref]) top = { ...$defs[ref], ...Object.fromEntries(Object.entries(root).filter(([k]) => k !== '$ref')) };
  const out: JsonSchema = { ...top, type: 'object' };
  if ($defs && Object.keys($defs).length > 0) out.$defs = $defs;
  return out as JsonSchema & { type: 'object' };
}
