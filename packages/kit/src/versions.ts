/** The dated interface version (spec section 9); responses carry it, requests may pin it. */
export const API_VERSION = '2026-10-05';
/** The version of the terms of service a key binds its company to. */
export const TERMS_VERSION = '2026-11-01';
