/**
 * The protected-information stages of the pipeline: standing (stage 4) and screening (stage 6).
 *
 * The hot path makes no call: the text classifier and the probe detector run in this process
 * (@svc/screening, pure, data-driven), and standing comes from a local cache that the compliance
 * service keeps fresh with `compliance.standing_changed` events (a subject the cache does not know
 * is asked once, through GetStanding, and remembered). Only a refusal calls compliance, to enter it
 * in the ledger, which applies the strike ladder. Decisions read the request, the caller's history
 * and the public data pack, never the chassis.
 *
 * Probe windows live here too, one per subject; every formula signature is also published on
 * `compliance.signature`, so each replica's window of a subject holds what the others answered.
 */
import { createHash, randomUUID } from 'node:crypto';
import { failOpen, screeningBorderline, type Bus, type Logger, type Subscription } from '@svc/kit';
import { subscribeEvent, type EventOf } from '@svc/protos';
import { Screener, TELL_YOUR_USER, WARNINGS_PER_DAY, shownStanding, subjectOf, type FormulaLike, type ShownStanding, type Verdict } from '@svc/screening';
import { rpc, type Clients } from './clients';
import { HttpError } from './errors';
import type { CallContext, Operation, ScreenedField } from './operations/operation';
import type { StageHooks } from './operations/pipeline';

declare module 'express-serve-static-core' {
  interface Request {
    /** The screening verdict of a request that was let through as borderline: answer it plainly. */
    screening?: Verdict;
  }
}

export { TELL_YOUR_USER };

type Channel = 'rest' | 'mcp';

interface Known {
  state: 'active' | 'suspended' | 'banned';
  /** Epoch ms the suspension ends. */
  until: number;
  /** When this copy stops being trusted without a fresh look at the ledger. */
  exp: number;
  /** The ledger's version of it: events may overtake one another, and an older one never wins. */
  version: number;
}

/** A standing learnt from the ledger is trusted this long; events replace it sooner. */
const STANDING_MS = 60_000;
const MAX_SUBJECTS = 100_000;
/** How long a lift waits to be told to its subject's next answer. */
const RESET_NOTICE_MS = 24 * 60 * 60_000;
/** Operations whose body is a formula, and so a probe signature. */
const FORMULA_OPS: ReadonlySet<string> = new Set(['check_formula', 'inci_label', 'preservation_check']);

/** The channel of a request: MCP tool calls say so on their context; everything else is REST. */
function channelOf(ctx: CallContext): Channel {
  return 'channel' in ctx && ctx.channel === 'mcp' ? 'mcp' : 'rest';
}

/** The free-text values of the fields an operation's policy names, from its validated input. */
export function textsOf(fields: readonly ScreenedField[], input: unknown): string[] {
  const out: string[] = [];
  if (typeof input !== 'object' || input === null) return out;
  const o = input as Record<string, unknown>;
  const push = (v: unknown) => {
    if (typeof v === 'string' && v) out.push(v);
  };
  for (const f of fields) {
    if (f === 'lines.n') {
      const lines = Array.isArray(o.lines) ? (o.lines as Array<{ n?: unknown; blend?: Array<{ n?: unknown }> }>) : [];
      for (const l of lines) {
        push(l.n);
        if (Array.isArray(l.blend)) for (const b of l.blend) push(b.n);
      }
    } else if (f === 'functions') {
      if (Array.isArray(o.functions)) for (const v of o.functions) push(v);
    } else push(o[f]);
  }
  return out;
}

/** The formula of a check, label or preservation body, in the shape signatures read. */
function formulaOf(input: unknown): FormulaLike | null {
  if (typeof input !== 'object' || input === null) return null;
  const o = input as { base?: unknown; variant?: unknown; basePct?: unknown; nbPct?: unknown; lines?: unknown };
  const architecture = typeof o.base === 'string' ? o.base : typeof o.variant === 'string' ? o.variant : null;
  const share = typeof o.basePct === 'number' ? o.basePct : typeof o.nbPct === 'number' ? o.nbPct : null;
  if (architecture === null || share === null || !Array.isArray(o.lines)) return null;
  return { architecture, share, lines: o.lines as FormulaLike['lines'] };
}

/** The request as the audit log knows it: a hash of the operation and its validated input, never the text. */
export const requestHashOf = (op: Operation, input: unknown, endUser: string): string =>
  createHash('sha256').update(JSON.stringify([op.id, endUser, input])).digest('hex');

export class ComplianceGate {
  private readonly screener = new Screener();
  private readonly standings = new Map<string, Known>();
  private readonly pending = new Map<string, Promise<Known | null>>();
  /** Subjects an operator lifted, with when: their next answer says so (header Standing-Reset). */
  private readonly resets = new Map<string, number>();
  private readonly origin = randomUUID();
  private seq = 0;
  private subs: Subscription[] = [];
  private bus: Bus | undefined;

  constructor(
    private readonly clients: Clients,
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  async listen(bus: Bus, invalid: (info: { subject: string; id: string; problem: string }) => void = () => {}): Promise<void> {
    this.bus = bus;
    this.subs.push(await subscribeEvent(bus, 'compliance.standing_changed', (e) => this.learn(e), invalid));
    this.subs.push(
      await subscribeEvent(bus, 'compliance.signature', (e) => {
        if (e.origin !== this.origin) this.screener.remember(e.subject, { family: e.family, coords: e.coords, at: e.at, guidance: e.guidance === true, ...(e.keys ? { keys: e.keys } : {}) });
      }, invalid),
    );
  }

  async stop(): Promise<void> {
    await Promise.all(this.subs.map((s) => s.stop()));
    this.subs = [];
  }

  hooks(): Required<Pick<StageHooks, 'standing' | 'screening'>> {
    return {
        // x-svc-user is an id, never a question (issue 30): `chassis-composition-ratio` is a name.
      standing: async (ctx) => {
        await this.checkStanding(ctx);
        this.tellReset(ctx);
      },
      screening: (ctx, op, input) => this.screen(ctx, op, input),
    };
  }

  /** Replaces the cached standing of a subject with what the ledger announced. */
  learn(e: Pick<EventOf<'compliance.standing_changed'>, 'subject' | 'state' | 'until' | 'version'> & Partial<Pick<EventOf<'compliance.standing_changed'>, 'strikesToday' | 'level'>>): void {
    const held = this.standings.get(e.subject);
    if (held && held.version > e.version) return;
    // Only an operator's lift announces a standing with no strike and no level (a refusal always
    // counts one): the subject's next answer says its standing was reset.
    if (e.strikesToday === 0 && e.level === 0 && e.version > 0 && (!held || held.version < e.version)) {
      if (this.resets.size >= MAX_SUBJECTS) this.resets.clear();
      this.resets.set(e.subject, this.now());
    }
    if (this.standings.size >= MAX_SUBJECTS && !held) this.standings.clear();
    this.standings.set(e.subject, { state: e.state, until: e.until ? Date.parse(e.until) : 0, exp: this.now() + STANDING_MS, version: e.version });
  }

  private static stateOf(s: string): Known['state'] {
    return s === 'banned' ? 'banned' : s === 'suspended' ? 'suspended' : 'active';
  }

  private async standingOf(subject: string, ctx: CallContext): Promise<Known | null> {
    const known = this.standings.get(subject);
    if (known && known.exp > this.now()) return known;
    let p = this.pending.get(subject);
    if (!p) {
      p = rpc(this.clients, 'compliance', 'GetStanding', { caller: ctx.caller }, { idempotent: true, requestId: ctx.requestId, deadlineMs: 1_500 })
        .then((s) => {
          this.learn({ subject, state: ComplianceGate.stateOf(s.state), until: s.until, version: s.version });
          return this.standings.get(subject) ?? null;
        })
        .catch((err: unknown) => {
          // Without the compliance service the last standing known is kept (a suspension is never
          // forgotten for it); a subject never seen is let through, counted and logged.
          failOpen.inc({ check: 'standing' });
          this.log.warn({ requestId: ctx.requestId, err: (err as Error).message }, 'standing unknown: the compliance service is unavailable');
          return known ?? null;
        })
        .finally(() => this.pending.delete(subject));
      this.pending.set(subject, p);
    }
    return p;
  }

  private async checkStanding(ctx: CallContext): Promise<void> {
    if (!ctx.account) return;
    const k = await this.standingOf(subjectOf(ctx.caller), ctx);
    if (!k) return;
    if (k.state === 'banned') throw new HttpError(401, 'key_banned', 'this API key is banned after repeated requests for protected information; contact support', { field: 'x-svc-key' });
    if (k.state === 'suspended') {
      const left = Math.max(1, Math.ceil((k.until - this.now()) / 1_000));
      if (k.until > this.now()) {
        throw new HttpError(401, 'key_suspended', `this API key is suspended after repeated requests for protected information; retry after ${new Date(k.until).toISOString()}`, { field: 'x-svc-key', until: new Date(k.until).toISOString() }, { 'Retry-After': String(left) });
      }
    }
  }

  /** Says, once, on the next answer of a lifted subject, that an operator reset its standing. */
  private tellReset(ctx: CallContext): void {
    if (!ctx.account || !this.resets.size) return;
    const subject = subjectOf(ctx.caller);
    const at = this.resets.get(subject);
    if (at === undefined) return;
    this.resets.delete(subject);
    if (this.now() - at <= RESET_NOTICE_MS) ctx.req.res?.setHeader('Standing-Reset', new Date(at).toISOString());
  }

  private async screen(ctx: CallContext, op: Operation, input: unknown): Promise<void> {
    const subject = ctx.account ? subjectOf(ctx.caller) : '';
    const formula = FORMULA_OPS.has(op.id) && ctx.account ? formulaOf(input) : null;
    // Questions and submissions may continue one another (a question split across calls); ingredient
    // lines are not joined, as trade names may hold a target word. Preservation guidance is where a
    // formulator tries preservative levels: there a handful of levels of one line is a choice.
    const guidance = op.id === 'preservation_check';
    const out = this.screener.screen(subject, { texts: textsOf(op.policy.screen, input), joinable: !!ctx.account && !op.policy.screen.includes('lines.n'), formula, guidance }, this.now());
    // Every formula request but a repeat of its family's newest travels to the other replicas (the
    // stream keeps events for a week): a repeat of the same formula, most of a customer's traffic,
    // adds no value to any window.
    if (out.signature && out.step) {
      const event: EventOf<'compliance.signature'> = { origin: this.origin, subject, family: out.signature.family, coords: out.signature.coords, keys: out.signature.keys, at: this.now(), guidance };
      // Not awaited: the window of this replica already holds it; the others learn it shortly.
      this.bus?.publish('compliance.signature', event, { id: `${this.origin}:${++this.seq}` }).catch(() => failOpen.inc({ check: 'signature_publish' }));
    }
    if (out.verdict.decision === 'refuse') return this.refuse(ctx, op, input, out.verdict.rule);
    if (out.verdict.decision === 'borderline') {
      ctx.req.screening = out.verdict;
      // Operators watch how often a rule lets a request through, the model's veto above all: a rise is
      // either a new honest phrasing the table refuses or a new attack style the model mistakes.
      screeningBorderline.inc({ rule: out.verdict.rule || 'none' });
    }
  }

  /**
   * 403 protected_ip, entered in the ledger (a strike); the new standing is cached at once. The body
   * says which strike of the day it is (`strike` of `of`), and when it suspends, until when
   * (`suspended_until`), with the standing as GET /account shows it.
   */
  private async refuse(ctx: CallContext, op: Operation, input: unknown, rule: string): Promise<never> {
    const requestHash = requestHashOf(op, input, ctx.endUser ?? '');
    const channel = channelOf(ctx);
    let standing: ShownStanding | null = null;
    try {
      const r = await rpc(this.clients, 'compliance', 'RecordRefusal', { caller: ctx.caller, channel, rule, requestHash }, { idempotent: true, requestId: ctx.requestId, deadlineMs: 3_000 });
      const s = r.standing;
      if (s) {
        this.learn({ subject: s.subject, state: ComplianceGate.stateOf(s.state), until: s.until, version: s.version, strikesToday: s.strikesToday, level: s.level });
        standing = shownStanding({ state: ComplianceGate.stateOf(s.state), until: s.until, strikesToday: s.strikesToday, level: s.level });
      }
    } catch (err) {
      // The refusal stands without the ledger; the strike is what is lost, and the log says so.
      this.log.error({ requestId: ctx.requestId, rule, channel, requestHash, err: (err as Error).message }, 'refusal not recorded: the compliance service is unavailable');
    }
    this.log.warn({ requestId: ctx.requestId, subject: subjectOf(ctx.caller), channel, rule, requestHash, at: new Date(this.now()).toISOString() }, 'protected_ip refusal');
    const strike = standing?.strikes_today ?? null;
    const until = standing?.suspended_until ?? null;
    const which =
      standing === null
        ? 'the strike could not be counted just now'
        : standing.state === 'banned'
          ? 'the key is now banned; only the operator can lift it'
          : until
            ? `strike ${strike} today: access is suspended until ${until}`
            : `warning ${strike} of ${WARNINGS_PER_DAY} for today`;
    throw new HttpError(403, 'protected_ip', `this request seeks protected information about the chassis (composition, processing or equipment) and was refused; ${which}`, {
      tell_your_user: TELL_YOUR_USER,
      strike,
      of: WARNINGS_PER_DAY,
      suspended_until: until,
      standing,
    });
  }

}

export interface CallerStanding {
  account: ShownStanding;
  /** The end user named in x-svc-user: its own standing where strikes are counted per end user, else the account's. */
  end_user: (ShownStanding & { id: string }) | null;
}

/**
 * The standing of the account and of the end user named in x-svc-user, as GET /account shows it
 * (read from the ledger, not the cache: the answer a caller checks before trying again). Null when
 * the compliance service cannot be reached: the account answer never fails for it.
 */
export async function callerStanding(ctx: CallContext): Promise<CallerStanding | null> {
  const ask = async (caller: CallContext['caller']): Promise<ShownStanding> => {
    const s = await ctx.rpc('compliance', 'GetStanding', { caller }, { idempotent: true });
    return shownStanding({ state: s.state === 'banned' ? 'banned' : s.state === 'suspended' ? 'suspended' : 'active', until: s.until, strikesToday: s.strikesToday, level: s.level });
  };
  try {
    const account = await ask({ ...ctx.caller, endUser: '' });
    const isolated = subjectOf(ctx.caller) !== ctx.caller.accountId;
    return { account, end_user: ctx.endUser ? { id: ctx.endUser, ...(isolated ? await ask(ctx.caller) : account) } : null };
  } catch {
    failOpen.inc({ check: 'standing_shown' });
    return null;
  }
}
