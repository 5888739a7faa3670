/** The reference model of the strike ladder: spec section 3's table, read literally, independent of the engine. */
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const WEEK = 7 * DAY;

export class Model {
  private perDay = new Map<string, number>();
  level = 0;
  until = 0;
  /** Whether the ledger holds the subject (it was ever refused): only then can an operator lift it. */
  known = false;
  count(now: number): number {
    return this.perDay.get(new Date(now).toISOString().slice(0, 10)) ?? 0;
  }
  refuse(now: number): string {
    const day = new Date(now).toISOString().slice(0, 10);
    const n = (this.perDay.get(day) ?? 0) + 1;
    this.known = true;
    this.perDay.set(day, n);
    if (this.level === 3) return 'while_banned';
    if (this.until > now) return 'while_suspended';
    if (this.level === 2) return ((this.level = 3), 'banned');
    if (this.level === 1) return ((this.level = 2), (this.until = now + WEEK), 'suspended_week');
    if (n >= 4) return ((this.level = 1), (this.until = now + HOUR), 'suspended_hour');
    return 'warning';
  }
  lift(): void {
    this.perDay = new Map();
    this.level = 0;
    this.until = 0;
  }
  state(now: number): { state: string; until: string } {
    if (this.level === 3) return { state: 'banned', until: '' };
    if (this.until > now) return { state: 'suspended', until: new Date(this.until).toISOString() };
    return { state: 'active', until: '' };
  }
}

