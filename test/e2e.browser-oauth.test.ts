/**
 * The sign-in and consent pages in a real browser (Debian's Chromium, driven by playwright-core):
 * a wrong password, a refused consent, and the whole flow from the keyboard alone.
 */
import { createHash, randomBytes } from 'node:crypto';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSystem } from '../scripts/system';
import { operatorUser, REDIRECT } from './support/oauth';
import { systemForSuite } from './support/system';

const EMAIL = 'browser@example.com';
const PASSWORD = 'a long and right password';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

describe('sign-in and consent pages in Chromium', () => {
  let sys: RunningSystem;
  let browser: Browser;
  let clientId = '';
  systemForSuite('browser', { logLevel: 'silent', memoryDb: true, ratePerSecond: 100_000 }, (s) => (sys = s));

  beforeAll(async () => {
    await operatorUser(sys, EMAIL, PASSWORD);
    const reg = await fetch(`${sys.url}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_name: 'Browser Test Client', redirect_uris: [REDIRECT] }) });
    clientId = ((await reg.json()) as { client_id: string }).client_id;
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
  }, 60_000);
  afterAll(async () => browser?.close());

  /** A fresh page at the authorize address; the client's redirect address is answered in the browser. */
  async function start(): Promise<{ page: Page; redirected: Promise<URL> }> {
    const context = await browser.newContext();
    const page = await context.newPage();
    let done: (u: URL) => void = () => {};
    const redirected = new Promise<URL>((r) => (done = r));
    await page.route(`${REDIRECT}**`, async (route) => {
      done(new URL(route.request().url()));
      await route.fulfill({ status: 200, contentType: 'text/plain', body: 'back at the client' });
    });
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const url = new URL(`${sys.url}/oauth/authorize`);
    for (const [k, v] of Object.entries({ response_type: 'code', client_id: clientId, redirect_uri: REDIRECT, code_challenge: challenge, code_challenge_method: 'S256', state: 'st4te', resource: `${sys.url}/mcp` })) url.searchParams.set(k, v);
    const res = await page.goto(url.toString());
    expect(res?.status()).toBe(200);
    return { page, redirected };
  }

  it('says so on a wrong password, keeps the address, and signs in on the second try', async () => {
    const { page } = await start();
    await expect(page.title()).resolves.toMatch(/Sign in/);
    await page.getByLabel('E-mail address').fill(EMAIL);
    await page.getByLabel('Password').fill('not the password');
    const wrong = page.waitForResponse((r) => r.url().endsWith('/oauth/authorize') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect((await wrong).status()).toBe(401);
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(/not right/);
    expect(await page.getByLabel('E-mail address').inputValue()).toBe(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Allow access?' }).waitFor();
    await page.context().close();
  });

  it('returns access_denied to the client when consent is refused', async () => {
    const { page, redirected } = await start();
    await page.getByLabel('E-mail address').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.locator('main').textContent()).resolves.toMatch(/Browser Test Client/);
    await page.getByRole('button', { name: 'Deny' }).click();
    const back = await redirected;
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('st4te');
    expect(back.searchParams.get('code')).toBeNull();
    await page.context().close();
  });

  it('works from the keyboard alone, in reading order', async () => {
    const { page, redirected } = await start();
    // A string expression: the test compiles without the DOM's types.
    const focused = () => page.evaluate<string>("document.activeElement?.id || document.activeElement?.textContent || ''");
    // The e-mail field has the focus on arrival; Tab goes to the password, then to the button.
    expect(await focused()).toBe('email');
    await page.keyboard.type(EMAIL);
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('password');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Sign in');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Allow access?' }).waitFor();
    // Consent: Allow has the focus, Tab reaches Deny, Shift+Tab comes back; Enter allows.
    expect(await focused()).toBe('Allow');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Deny');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    const back = await redirected;
    expect(back.searchParams.get('code')).toMatch(/^svc_oac_/);
    expect(back.searchParams.get('state')).toBe('st4te');
    await page.context().close();
  });
});
