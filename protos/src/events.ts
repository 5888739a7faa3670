/**
 * The events the services share, as zod schemas: published only when valid, and validated again on
 * receipt, so a malformed or foreign message on a subject is logged and skipped, never acted on.
 */
import { z } from 'zod';

const SHA256_HEX = /^[0-9a-f]{64}$/;

export const EVENTS = {
  /** The catalogue changed: a new data version, or an approved submission. Caches of names drop. */
  'library.updated': z.object({
    reason: z.enum(['data_version', 'submission_approved']),
    dataVersion: z.string().optional(),
    inci: z.string().optional(),
  }),
  /** An account's key was replaced: every gateway drops the old key's hashes from its cache. */
  'account.key_replaced': z.object({
    accountId: z.string().min(1),
    oldHashes: z.array(z.string().regex(SHA256_HEX)),
  }),
  /** A run opened (ledger row written in the same transaction; the message id is the outbox id). */
  'usage.run_opened': z.object({
    runId: z.string().min(1),
    accountId: z.string().min(1),
    month: z.string().regex(/^\d{4}-\d{2}$/),
    overage: z.boolean(),
    opensAt: z.string(),
    closesAt: z.string(),
  }),
  /** Calls spent from a lease, newly counted: `delta` calls, `used` the lease's running total. */
  'usage.calls_recorded': z.object({
    runId: z.string().min(1),
    accountId: z.string().min(1),
    month: z.string().regex(/^\d{4}-\d{2}$/),
    leaseId: z.string().min(1),
    used: z.number().int().nonnegative(),
    delta: z.number().int().positive(),
  }),
  /** End users were enrolled into or unenrolled from an account's seats (ids are pseudonymous). */
  'account.seats_changed': z.object({
    accountId: z.string().min(1),
    action: z.enum(['enroll', 'unenroll']),
    users: z.array(z.string().min(1).max(128)).min(1).max(500),
    seatsUsed: z.number().int().nonnegative(),
  }),
  /** An operator moved an account to another plan. */
  'account.plan_changed': z.object({
    accountId: z.string().min(1),
    from: z.string().min(1),
    to: z.string().min(1),
  }),
  /** An operator added a run top-up to an account's pool for the month. */
  'usage.topped_up': z.object({
    accountId: z.string().min(1),
    topUpId: z.string().min(1),
    pack: z.string().min(1),
    month: z.string().regex(/^\d{4}-\d{2}$/),
    runs: z.number().int().positive(),
  }),
  /**
   * A subject's protected-information standing changed (a strike, a suspension, a ban, a lift):
   * every gateway replaces its cached standing for the subject. `until` is RFC 3339 while suspended.
   */
  'compliance.standing_changed': z.object({
    subject: z.string().min(1),
    accountId: z.string().min(1),
    state: z.enum(['active', 'suspended', 'banned']),
    until: z.string(),
    strikesToday: z.number().int().min(0),
    level: z.number().int().min(0).max(3),
    /** Grows with every change of the subject's standing: a cache never replaces a newer copy with an older one. */
    version: z.number().int().min(0),
  }),
  /** A refusal entered the ledger (the audit trail; no request content, only its hash). */
  'compliance.refused': z.object({
    subject: z.string().min(1),
    accountId: z.string().min(1),
    channel: z.enum(['rest', 'mcp']),
    rule: z.string().min(1),
    requestHash: z.string().regex(SHA256_HEX),
    at: z.string(),
    outcome: z.string(),
  }),
  /**
   * A formula signature one gateway saw, so that every replica's probe window of the subject holds
   * the requests the others answered. Family hash and numbers only: no names, no text.
   */
  'compliance.signature': z.object({
    origin: z.string().min(1),
    subject: z.string().min(1),
    family: z.string().min(1).max(32),
    coords: z.array(z.number()).max(2_000),
    at: z.number(),
    /** Sent to preservation guidance, where a handful of levels is a choice (issue 30); absent from older senders. */
    guidance: z.boolean().optional(),
    /** What each number is: a hash of its line or of the chassis share (issue 30), never a name; absent from older senders. */
    keys: z.array(z.string().max(40)).max(2_000).optional(),
  }),
} as const;

export type EventName = keyof typeof EVENTS;
export type EventOf<N extends EventName> = z.infer<(typeof EVENTS)[N]>;

/** The part of the bus these helpers need (the Bus adapter of @svc/kit fits it). */
interface BusLike {
  publish(subject: string, data: unknown, opts: { id: string }): Promise<{ duplicate: boolean }>;
  subscribe<T>(subject: string, handler: (e: { subject: string; id: string; data: T }) => Promise<void> | void, opts?: { group?: string }): Promise<{ stop(): Promise<void> }>;
}

export async function publishEvent<N extends EventName>(bus: BusLike, name: N, data: EventOf<N>, opts: { id: string }): Promise<{ duplicate: boolean }> {
  return bus.publish(name, EVENTS[name].parse(data), opts);
}

/**
 * Subscribes with validation: an event that does not match its schema goes to `invalid` (to be
 * logged) and is acknowledged, since redelivering it could never succeed.
 */
export function subscribeEvent<N extends EventName>(
  bus: BusLike,
  name: N,
  handler: (data: EventOf<N>, id: string) => Promise<void> | void,
  invalid: (info: { subject: string; id: string; problem: string }) => void,
  opts: { group?: string } = {},
): Promise<{ stop(): Promise<void> }> {
  return bus.subscribe<unknown>(
    name,
    async (e) => {
      const r = EVENTS[name].safeParse(e.data);
      if (!r.success) {
        invalid({ subject: e.subject, id: e.id, problem: r.error.issues.map((i) => `${i.path.join('.') || '(event)'}: ${i.message}`).join('; ') });
        return;
      }
      await handler(r.data as EventOf<N>, e.id);
    },
    opts,
  );
}
