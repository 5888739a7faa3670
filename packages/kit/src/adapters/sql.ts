/**
 * The relational store as the services see it. Two implementations: PostgreSQL through `pg`
 * (production, split runs, CI) and PGlite (embedded start). Both speak PostgreSQL's SQL, so
 * services write one dialect; `$1` placeholders everywhere.
 */
export interface SqlResult<R> {
  rows: R[];
  rowCount: number;
}

export interface SqlTx {
  /**
   * Statements issued without waiting for each other run one at a time in the order issued: a
   * caller may send several at once (one crossing instead of several) and rely on that order.
   */
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<SqlResult<R>>;
}

export interface Sql extends SqlTx {
  readonly kind: 'postgres' | 'pglite';
  /** Runs fn in one transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: SqlTx) => Promise<T>): Promise<T>;
  /** Runs several statements separated by semicolons, no parameters (migrations, bulk DDL). */
  exec(text: string): Promise<void>;
  close(): Promise<void>;
}
