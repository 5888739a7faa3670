/**
 * Start-up deadlines for the real servers. A server that accepts the connection and never answers
 * (a paused process, a wrong port on a proxy) would otherwise hold a start forever with no output;
 * each adapter's first exchange gets a deadline, and the error names the process, the variable to
 * fix and where it pointed (host and port only: a URL may carry a password).
 */

/** How long a server may take to answer its first exchange at start. */
export const STARTUP_DEADLINE_MS = 10_000;

export class DependencyError extends Error {
  override readonly name = 'DependencyError';
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(message);
  }
}

/** host:port of a URL, never its credentials or path. */
export function endpointOf(url: string): string {
  try {
    const u = new URL(url);
    return u.port ? `${u.hostname}:${u.port}` : u.hostname;
  } catch {
    return '(unparseable URL)';
  }
}

export interface Dependency {
  /** The process starting, e.g. "metering" or "svc-embedded". */
  process: string;
  /** The variable that names the server, e.g. SVC_REDIS_URL. */
  variable: string;
  /** What the server is, e.g. "Redis". */
  kind: string;
  url: string;
}

function failure(dep: Dependency, what: string): DependencyError {
  return new DependencyError(dep.variable, `${dep.process}: ${dep.kind} at ${endpointOf(dep.url)} (${dep.variable}) ${what}`);
}

/**
 * `first` within `ms`, else a DependencyError naming the variable; `abandon` releases whatever
 * the attempt holds (a socket retrying forever) when the deadline passes or the attempt fails.
 */
export async function withStartupDeadline<T>(dep: Dependency, first: Promise<T>, abandon: () => void, ms = STARTUP_DEADLINE_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(failure(dep, `did not answer within ${Math.round(ms / 1000)} s`)), ms);
  });
  try {
    return await Promise.race([first, late]);
  } catch (err) {
    abandon();
    if (err instanceof DependencyError) throw err;
    throw failure(dep, `could not be reached: ${(err as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
}
