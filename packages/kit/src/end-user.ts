/**
 * End-user ids (the x-svc-user header, and the ids enrolled into seats): stable pseudonymous ids,
 * never personal data. One rule, used by the gateway for the header and the body of
 * /account/users, and by metering for what it stores, so the two can never disagree.
 */

const END_USER_RE = /^[A-Za-z0-9._:-]{1,128}$/;
/** Shapes of personal data an id must not have: a phone number (7 or more digits, maybe separated), an IPv4 address. */
const PHONE_LIKE = /^[0-9][0-9.\-]{5,}[0-9]$/;
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** What is wrong with an end-user id, as a phrase that follows its field name; null when it is fine. */
export function endUserProblem(value: unknown): string | null {
  if (typeof value !== 'string') return 'must be a string: a pseudonymous end-user id';
  if (value.includes('@')) return 'must be a pseudonymous id, not an e-mail address';
  if (!END_USER_RE.test(value)) return 'must be 1 to 128 characters of letters, digits, ".", "_", ":" or "-"';
  if (PHONE_LIKE.test(value) || IPV4.test(value)) return 'must be a pseudonymous id, not a phone number, an address or another personal identifier';
  return null;
}
