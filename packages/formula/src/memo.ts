/**
 * A function of a string, remembered per argument: ingredient names repeat from request to request,
 * so each is normalised once. Bounded (past `limit` arguments the memory starts afresh), so that
 * free text cannot grow it without end.
 */
export function remembered<T>(fn: (s: string) => T, limit = 20_000): (s: string) => T {
  const seen = new Map<string, T>();
  return (s) => {
    let v = seen.get(s);
    if (v === undefined) {
      if (seen.size >= limit) seen.clear();
      v = fn(s);
      seen.set(s, v);
    }
    return v;
  };
}
