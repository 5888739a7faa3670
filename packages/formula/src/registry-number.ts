/**
 * A line named by a bare registry number (issue 29): "59-05-2" (CAS) or "200-362-1" (EC). Any other
 * line name must hold a letter (issue 11): the egress filter blanks the caller's names before it
 * scans, never a bare number (blanked, it could hide a number the service wrote), so a bare number
 * echoed beside a chassis name would read as that name's amount. These two shapes need no blanking:
 * the filter reads a number joined by a hyphen as part of a name (as in PEG-40), never as an amount,
 * so echoed anywhere they are no finding, and the filter's rule stays as it was.
 * test/caller-names.test.ts holds both, beside every chassis name.
 */
const CAS_SHAPE = /^\d{2,7}-\d{2}-\d$/;
const EC_SHAPE = /^\d{3}-\d{3}-\d$/;

export type RegistryKind = 'cas' | 'ec';

/** The registry a bare number's shape names, or null. "200-362-1" is both shapes: EC, its usual reading. */
export function registryShape(name: string): RegistryKind | null {
  const s = name.trim();
  if (EC_SHAPE.test(s)) return 'ec';
  if (CAS_SHAPE.test(s)) return 'cas';
  return null;
}

/**
 * A CAS Registry Number's check digit: the other digits, from the right, weighted 1, 2, 3 ...,
 * summed, modulo 10. A number that fails it was mistyped (no registered number does).
 */
export function casCheckDigitOk(cas: string): boolean {
  const digits = cas.trim().replace(/-/g, '');
  if (!/^\d{5,10}$/.test(digits)) return false;
  const body = digits.slice(0, -1);
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i + 1);
  return sum % 10 === Number(digits[digits.length - 1]);
}

/**
 * Whether a name with no letter is still a name: a CAS-shaped number whose check digit holds, or an
 * EC-shaped one (shape only: the EC checksum is not enforced, as some numbers the annexes print fail it).
 * An EC-shaped number is also CAS-shaped ("200-362-1"); it is accepted as EC whatever its CAS digit.
 */
export function isRegistryName(name: string): boolean {
  const kind = registryShape(name);
  return kind === 'ec' || (kind === 'cas' && casCheckDigitOk(name));
}
