/**
 * vitest's global set-up: the catalogue seeds (catalogue-seed.ts), built before any test file runs
 * and handed to them through the environment the test processes inherit. A run that already has
 * them (same data version) only checks they exist.
 */
import { CATALOGUE_TEMPLATE_ENV } from '@svc/kit/testing';
import { pgliteSeed, postgresTemplate, seedKey } from './catalogue-seed';

export default async function setup(): Promise<void> {
  const key = seedKey();
  const [seed, template] = await Promise.all([pgliteSeed(key), postgresTemplate(key)]);
  process.env.SVC_DATABASE_SEED = seed;
  process.env[CATALOGUE_TEMPLATE_ENV] = template;
}
