/**
 * Run metering at the gateway, without a hop per formula call. Metering owns the decision: it opens
 * runs, keeps the pool exact and writes the ledger. The gateway asks it for a lease of calls in the
 * subject's run (one call to metering per lease, not per request), spends the lease locally, and
 * reports what it spent as a running total, so a lost or repeated report never counts a call twice.
 *
 * A lease ends when its calls are spent, when its time is up (never past the run's 60th minute), or
 * when the gateway stops; the calls spent are then reported once more and the lease is forgotten.
 *
 * A subject spending the last calls of its run fast would wait for metering at every rollover (every
 * 300 calls), and so would each of its calls that arrive meanwhile. For such a subject the next run
 * is asked for *ahead*, in the background: metering prepares it (holding its place in the pool) and
 * grants a lease of it, which the gateway keeps beside the current one and takes up without a hop
 * when the current one is spent. The first call spent from it opens the run (its time is reported
 * with the calls); a prepared lease that ends unspent is reported done, and metering gives the run
 * back.
 */
import { meteringReportLag, meteringUnreported, type Bus, type Logger, type Subscription } from '@svc/kit';
import { subscribeEvent, usageJson } from '@svc/protos';
import type { MeterResponse__Output } from '@svc/protos/gen/svc/v1/MeterResponse';
import { rpc, type Clients } from './clients';
import { HttpError } from './errors';
import type { Usage } from './usage';

/** The first lease of a subject; each lease spent in full asks for twice as many, up to a run. */
const FIRST_LEASE = 50;
const MAX_LEASE = 300;
const REPORT_EVERY_MS = 2_000;
/** Leases one report names (metering takes up to 500). */
const REPORT_BATCH = 200;
/** Spend a lease a little before metering's deadline, so no call lands after it (clock drift, delays). */
const SAFETY_MS = 1_000;
/** The next run is asked for when, at the pace of the current lease, its last calls go within this. */
const AHEAD_WITHIN_MS = 1_000;
/** Calls spent from a lease before its pace is trusted. */
const AHEAD_AFTER_CALLS = 10;
/** How long a call whose run is spent waits for the next run asked ahead before asking on its own. */
const AHEAD_WAIT_MS = 250;

/** Resolves when `p` settles or after `ms`, whichever comes first. */
function atMost(p: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void p.finally(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

interface Lease {
  id: string;
  granted: number;
  used: number;
  reported: number;
  /** Local clock, ms. */
  spendUntil: number;
  /** Local clock, ms: when metering was asked for it, and when its first call was spent (0: none yet). */
  asked: number;
  firstUsedAt: number;
  /** Its calls are the run's last: the next call after them needs a new run. */
  endsRun: boolean;
  /** A prepared run's lease (asked ahead); whether the next run was asked for while this one is spent. */
  ahead: boolean;
  askedAhead: boolean;
  runCallsBefore: number;
  /** Calls a run covers, as metering said (its calls so far plus those left). */
  runCalls: number;
  run: { id: string; opensAt: string; closesAt: string };
  base: NonNullable<Usage>;
}

/** A formula call being metered: its subject's key (account and end user) and its request. */
interface Call {
  key: string;
  accountId: string;
  endUser: string;
  requestId: string;
}

/** The account of a subject's key. */
const accountOf = (key: string): string => key.slice(0, key.indexOf('\u0000'));

/**
 * The calls spent in one run, as this gateway can tell: what metering had recorded when it last
 * said (`base`), plus what each of this gateway's leases of the run spent beyond what it had
 * reported by then. Leased calls are never counted: a lease's calls may never be spent.
 */
interface RunCount {
  base: number;
  /** Each lease of the run, with the calls of it that `base` already holds. */
  counted: Map<Lease, number>;
  closesAt: number;
}

export interface MeteredCall {
  usage: Usage;
  /** The call failed before it was answered: it is not counted (unless already reported). */
  refund(): void;
}

export class RunLeases {
  private readonly held = new Map<string, Lease>();
  private readonly nextWant = new Map<string, number>();
  /** Callers of a subject waiting for a lease now: the next lease is asked for all of them. */
  private readonly waiting = new Map<string, number>();
  private readonly pending = new Map<string, Promise<Lease>>();
  /** Per subject, the lease of its next run, prepared ahead, taken up when the current one is spent. */
  private readonly next = new Map<string, Lease>();
  /** Per subject, its ask for the next run while in flight: a call that finds its run spent waits for it. */
  private readonly asking = new Map<string, Promise<void>>();
  private stopping = false;
  /** Per account, bumped when its leases are dropped: a prepared lease asked before that is not kept. */
  private readonly epochs = new Map<string, number>();
  /** Leases no longer spent from whose last calls are not reported yet (or, prepared, not yet given back). */
  private readonly ended = new Map<string, { accountId: string; lease: Lease }>();
  private readonly runs = new Map<string, RunCount>();
  private readonly timer: NodeJS.Timeout;
  private reporting: Promise<void> | null = null;
  /** Local clock, ms: when the last report pass that went through in full started (its calls are all known to metering). */
  private reportedUpTo: number;
  private subs: Subscription[] = [];

  constructor(
    private readonly clients: Clients,
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
    /**
     * This gateway to metering: a name that outlives its restarts and this start of it, so that
     * after a crash metering hands its subjects' runs back to it rather than selling new ones.
     */
    private readonly holder: { name: string; incarnation: string } = { name: '', incarnation: '' },
  ) {
    this.reportedUpTo = now();
    this.timer = setInterval(() => void this.report(), REPORT_EVERY_MS);
    this.timer.unref();
  }

  /** Counts one formula call of the subject into its run, or refuses it (quota, seats). */
  async take(accountId: string, endUser: string, requestId: string): Promise<MeteredCall> {
    const key = `${accountId}\u0000${endUser}`;
    const lease = this.held.get(key);
    const call: Call = { key, accountId, endUser, requestId };
    if (lease && lease.used < lease.granted && this.now() < lease.spendUntil) return this.spend(lease, call);
    if (lease) this.end(key, accountId, lease);
    const prepared = this.takeUpNext(key, accountId);
    if (prepared) return this.spend(prepared, call);
    // Concurrent callers share one fresh lease, asked for all of them at once, and ask again only
    // when it is spent (a run's last calls can be fewer than the callers): a few rounds at most.
    this.waiting.set(key, (this.waiting.get(key) ?? 0) + 1);
    let waited = false;
    try {
      for (let attempt = 0; attempt < 16; attempt++) {
        const ready = this.held.get(key) ?? this.takeUpNext(key, accountId);
        // The next run is on its way: waiting for it (a while) costs less than a run opened beside it.
        const coming = ready || waited ? undefined : this.asking.get(key);
        if (coming) {
          waited = true;
          await atMost(coming, AHEAD_WAIT_MS);
          continue;
        }
        // A gateway that is stopping opens no run it could not report.
        if (!ready && this.stopping) throw new HttpError(503, 'service_unavailable', 'the service is restarting; retry shortly', {}, { 'Retry-After': '1' });
        const fresh = ready ?? (await this.acquire(key, accountId, endUser, requestId));
        // Metering granted it on its clock just now: this call may spend it even in a run's last second.
        if (fresh.used < fresh.granted) return this.spend(fresh, call);
        this.end(key, accountId, fresh);
      }
    } finally {
      const left = (this.waiting.get(key) ?? 1) - 1;
      if (left > 0) this.waiting.set(key, left);
      else this.waiting.delete(key);
    }
    throw new HttpError(503, 'service_unavailable', 'the metering service is busy; retry shortly', {}, { 'Retry-After': '1' });
  }

  /** Seats or the plan changed: the account's leases go, so an unenrolled user's lease stops at once. */
  async listen(bus: Bus, invalid: (info: { subject: string; id: string; problem: string }) => void): Promise<void> {
    this.subs = await Promise.all([
      subscribeEvent(bus, 'account.seats_changed', (e) => this.dropAccount(e.accountId), invalid),
      subscribeEvent(bus, 'account.plan_changed', (e) => this.dropAccount(e.accountId), invalid),
    ]);
  }

  /** Forgets the account's leases (its plan or its seats changed): the next call asks metering again. */
  dropAccount(accountId: string): void {
    this.epochs.set(accountId, (this.epochs.get(accountId) ?? 0) + 1);
    for (const [key, lease] of this.held) if (key.startsWith(`${accountId}\u0000`)) this.end(key, accountId, lease);
    for (const [key, lease] of this.next) if (key.startsWith(`${accountId}\u0000`)) this.end(key, accountId, lease);
  }

  /** Ends every lease and reports what was spent, trying again for a while if metering does not answer. */
  async stop(deadlineMs = 10_000): Promise<void> {
    clearInterval(this.timer);
    await Promise.all(this.subs.map((sub) => sub.stop()));
    // A next run asked for and not yet answered is ended on its answer, and reported below.
    this.stopping = true;
    await Promise.allSettled([...this.asking.values()]);
    for (const [key, lease] of this.held) this.end(key, accountOf(key), lease);
    for (const [key, lease] of this.next) this.end(key, accountOf(key), lease);
    const until = this.now() + deadlineMs;
    while (this.ended.size > 0 && this.now() < until) {
      await this.report();
      if (this.ended.size > 0) await new Promise((r) => setTimeout(r, 200));
    }
    // What is left is not counted: said, with the number, so an operator can see it.
    const lost = [...this.ended.values()].reduce((n, e) => n + e.lease.used - e.lease.reported, 0);
    if (lost > 0) this.log.error({ leases: this.ended.size, calls: lost }, 'calls spent from leases could not be reported before the stop');
  }

  private spend(lease: Lease, call: Call): MeteredCall {
    if (lease.endsRun && !lease.askedAhead) this.maybeAhead(call, lease);
    lease.used += 1;
    return this.metered(lease);
  }

  /**
   * Asks for the subject's next run in the background when the current lease holds the run's last
   * calls and, at its pace so far, will be spent within AHEAD_WITHIN_MS; once per lease. A refusal
   * (not needed, the pool's edge, the quota) leaves the subject to ask when it is spent, as usual.
   */
  private maybeAhead({ key, accountId, endUser, requestId }: Call, lease: Lease): void {
    if (this.stopping || lease.used < AHEAD_AFTER_CALLS || this.next.has(key) || this.asking.has(key)) return;
    // Its pace since its first call (a prepared lease may have waited before it was taken up).
    const elapsed = this.now() - (lease.firstUsedAt || lease.asked);
    if ((lease.granted - lease.used) * elapsed > AHEAD_WITHIN_MS * lease.used) return;
    lease.askedAhead = true;
    const epoch = this.epochs.get(accountId) ?? 0;
    const asked = this.now();
    const ask = rpc(this.clients, 'metering', 'Meter', { caller: { accountId, endUser, requestId }, operation: 'formula', want: MAX_LEASE, ahead: true, spendingLeaseId: lease.id, spendingFirstUsedMs: lease.firstUsedAt, holder: this.holder.name, holderIncarnation: this.holder.incarnation }, { requestId, deadlineMs: 2_000 })
      .then((r) => {
        if (!r.allowed || !r.lease || !r.usage?.run) return;
        const prepared = { ...leaseOf(r, asked), ahead: true };
        this.track(prepared, r.usage.run.calls);
        // Its account's leases were dropped meanwhile (seats, plan), or the gateway is stopping: given back.
        if ((this.epochs.get(accountId) ?? 0) !== epoch || this.stopping || this.next.has(key)) this.end(key, accountId, prepared);
        else this.next.set(key, prepared);
      })
      .catch((err: Error) => this.log.debug({ err: err.message }, 'next run not prepared; the subject asks when its run is spent'))
      .finally(() => this.asking.delete(key));
    this.asking.set(key, ask);
  }

  /** The subject's prepared lease becomes its current one, opening its run now (or, expired, goes back). */
  private takeUpNext(key: string, accountId: string): Lease | undefined {
    const lease = this.next.get(key);
    if (!lease) return undefined;
    this.next.delete(key);
    const now = this.now();
    if (now >= lease.spendUntil) {
      this.end(key, accountId, lease);
      return undefined;
    }
    // The run's window starts with its first call, as metering will record it from this report:
    // the same instant here and in the report (a clock read later could be a millisecond on).
    const window = Date.parse(lease.run.closesAt) - Date.parse(lease.run.opensAt);
    lease.run = { ...lease.run, opensAt: new Date(now).toISOString(), closesAt: new Date(now + window).toISOString() };
    lease.firstUsedAt = now;
    this.held.set(key, lease);
    return lease;
  }

  private metered(lease: Lease): MeteredCall {
    lease.firstUsedAt ||= this.now();
    const usage = this.usageIn(lease);
    return {
      usage,
      refund: () => {
        if (lease.used > lease.reported) lease.used -= 1;
      },
    };
  }

  /** The usage a call spent from this lease shows: the calls spent in its run, by every lease of it. */
  private usageIn(lease: Lease): NonNullable<Usage> {
    const count = this.runs.get(lease.run.id);
    let calls = lease.runCallsBefore + lease.used;
    if (count) {
      calls = count.base;
      for (const [l, counted] of count.counted) calls += l.used - counted;
    }
    return { ...lease.base, run: { ...lease.run, calls, callsLeft: Math.max(0, lease.runCalls - calls) } };
  }

  /**
   * What the subject's usage is now as far as this gateway's leases say: its current run with the
   * calls spent in it, and the month's runs as metering said when the run was leased. Undefined when
   * the gateway holds no open run of the subject. Free answers and GET /account show this, so that a
   * caller reads its own formula calls at once, the same number everywhere.
   */
  usageOf(accountId: string, endUser: string): NonNullable<Usage> | undefined {
    const lease = this.held.get(`${accountId}\u0000${endUser}`);
    if (!lease || lease.firstUsedAt === 0 || this.now() >= Date.parse(lease.run.closesAt)) return undefined;
    return this.usageIn(lease);
  }

  /** A lease metering just granted joins its run's count; `reported` is the run's calls metering has recorded. */
  private track(lease: Lease, reported: number): void {
    const count = this.runs.get(lease.run.id);
    if (!count) {
      this.runs.set(lease.run.id, { base: reported, counted: new Map([[lease, 0]]), closesAt: Date.parse(lease.run.closesAt) });
      return;
    }
    // A fresher record from metering (other gateways' calls included) replaces the base, unless a
    // report is on its way, which it may or may not hold yet: then the count stays as it is.
    if (!this.reporting && reported >= count.base) {
      count.base = reported;
      for (const l of count.counted.keys()) count.counted.set(l, l.reported);
    }
    count.counted.set(lease, 0);
  }

  private end(key: string, accountId: string, lease: Lease): void {
    if (this.next.get(key) === lease) this.next.delete(key);
    if (this.held.get(key) === lease) {
      this.held.delete(key);
      // A lease spent in full asks for more next time; one that ran out of time starts small again.
      this.nextWant.set(key, lease.used >= lease.granted ? Math.min(MAX_LEASE, Math.max(FIRST_LEASE, lease.granted * 2)) : FIRST_LEASE);
    }
    // A prepared lease never spent is reported too: done, so metering gives its run back.
    if (lease.used > lease.reported || (lease.ahead && lease.used === 0)) this.ended.set(lease.id, { accountId, lease });
  }

  /** One call to metering per subject at a time: concurrent first calls share it (and one run). */
  private acquire(key: string, accountId: string, endUser: string, requestId: string): Promise<Lease> {
    let p = this.pending.get(key);
    if (!p) {
      p = (async () => {
        const want = Math.min(MAX_LEASE, Math.max(this.nextWant.get(key) ?? FIRST_LEASE, this.waiting.get(key) ?? 1));
        const asked = this.now();
        const r = await rpc(this.clients, 'metering', 'Meter', { caller: { accountId, endUser, requestId }, operation: 'formula', want, holder: this.holder.name, holderIncarnation: this.holder.incarnation }, { requestId, deadlineMs: 2_000 });
        const lease = leaseOf(r, asked);
        this.track(lease, r.usage?.run?.calls ?? 0);
        // A lease taken up meanwhile (a prepared run that came in after this was asked) ends and is
        // reported: replaced without that, its calls would never be.
        const current = this.held.get(key);
        if (current) this.end(key, accountId, current);
        this.held.set(key, lease);
        return lease;
      })().finally(() => this.pending.delete(key));
      this.pending.set(key, p);
    }
    return p;
  }

  /**
   * Reports every lease with calls not yet reported, in batches (one metering call, one transaction
   * each): running totals, so a retry after a lost answer is harmless. One pass at a time.
   */
  private report(): Promise<void> {
    this.reporting ??= this.reportPass().finally(() => (this.reporting = null));
    return this.reporting;
  }

  private async reportPass(): Promise<void> {
    // A closed run takes no more calls: its count goes once nothing of it is left to report.
    for (const [id, count] of this.runs) {
      if (this.now() >= count.closesAt && [...count.counted.keys()].every((l) => l.used <= l.reported)) this.runs.delete(id);
    }
    const started = this.now();
    let failed = false;
    // Prepared leases whose time ran out unspent (their subject went quiet) are given back now.
    for (const [key, lease] of this.next) if (this.now() >= lease.spendUntil) this.end(key, accountOf(key), lease);
    const work: { accountId: string; lease: Lease; used: number; done: boolean }[] = [];
    for (const [key, lease] of this.held) if (lease.used > lease.reported) work.push({ accountId: accountOf(key), lease, used: lease.used, done: false });
    for (const e of this.ended.values()) work.push({ ...e, used: e.lease.used, done: true });
    for (let i = 0; i < work.length; i += REPORT_BATCH) {
      const batch = work.slice(i, i + REPORT_BATCH);
      try {
        const uses = batch.map((w) => ({ accountId: w.accountId, leaseId: w.lease.id, used: w.used, firstUsedMs: w.lease.firstUsedAt, done: w.done }));
        const r = await rpc(this.clients, 'metering', 'ReportCalls', { uses }, { idempotent: true, deadlineMs: 5_000 });
        batch.forEach((w, j) => {
          // -1: metering knows no such lease (it cannot count it); nothing more to report for it.
          w.lease.reported = r.recorded[j] === -1 ? w.lease.used : Math.max(w.lease.reported, w.used);
          if (w.done && w.lease.used <= w.lease.reported) this.ended.delete(w.lease.id);
        });
      } catch (err) {
        // Kept: the next pass reports the same totals again.
        this.log.warn({ leases: batch.length, err: (err as Error).message }, 'calls not reported yet; will retry');
        failed = true;
      }
    }
    if (!failed) this.reportedUpTo = started;
    // The operators' metering lag (deploy/observability): calls metering does not know of yet, and for how long.
    let unreported = 0;
    for (const lease of this.held.values()) unreported += Math.max(0, lease.used - lease.reported);
    for (const e of this.ended.values()) unreported += Math.max(0, e.lease.used - e.lease.reported);
    meteringUnreported.set(unreported);
    meteringReportLag.set(unreported === 0 ? 0 : Math.max(0, (this.now() - this.reportedUpTo) / 1_000));
  }
}

function leaseOf(r: MeterResponse__Output, asked: number): Lease {
  if (!r.allowed || !r.lease || !r.usage?.run) {
    if (r.reason === 'seat_required') {
      throw new HttpError(403, 'seat_required', 'this account enrols its end users in seats: send an enrolled end-user id in x-svc-user', { field: 'x-svc-user' });
    }
    const resetsAt = r.resetsAt || null;
    const retry = resetsAt ? Math.max(1, Math.ceil((Date.parse(resetsAt) - Date.now()) / 1_000)) : 3_600;
    const u = r.usage;
    throw new HttpError(
      429,
      'quota_exhausted',
      `this month's runs are used up${u ? ` (${u.runsUsed} of ${u.runsLimit})` : ''}; the pool resets at ${resetsAt ?? 'the start of next month'} (UTC), or add a top-up`,
      { resetsAt, usage: usageJson(u) },
      { 'Retry-After': String(retry) },
    );
  }
  const run = r.usage.run;
  return {
    id: r.lease.id,
    granted: r.lease.calls,
    used: 0,
    reported: 0,
    spendUntil: asked + Math.max(0, r.lease.ttlMs - SAFETY_MS),
    asked,
    firstUsedAt: 0,
    endsRun: r.lease.runCallsBefore + r.lease.calls >= run.calls + run.callsLeft,
    ahead: false,
    askedAhead: false,
    runCallsBefore: r.lease.runCallsBefore,
    runCalls: run.calls + run.callsLeft,
    run: { id: run.id, opensAt: run.opensAt, closesAt: run.closesAt },
    base: usageJson(r.usage) as NonNullable<Usage>,
  };
}
