/**
 * GET /docs in a real browser (Debian's Chromium, driven by playwright-core): the page renders the
 * reference from /openapi.json with the renderer served by the gateway itself, lists every
 * operation of the table, and shows a worked example; nothing is fetched from another origin.
 */
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../gateway/test/support/app';
import { operations } from '../gateway/src/operations/index';
import { TtlCache } from '../gateway/src/cache';

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

describe('the reference page in Chromium', () => {
  let app: TestApp;
  let browser: Browser;
  beforeAll(async () => {
    app = await startTestApp();
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('is public, with a strict content security policy and the renderer from this origin', async () => {
    const res = await fetch(`${app.url}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'none'");
    const html = await res.text();
    expect(html).toContain('spec-url="/openapi.json"');
    expect(html).not.toMatch(/https?:\/\//);
    const script = await fetch(`${app.url}/docs/redoc.standalone.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
  });

  it('lists every operation of the table and renders an example', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // Nothing may come from another origin: the renderer asks for its badge image from its CDN,
    // and the page's policy refuses it (the renderer then leaves the badge out).
    const elsewhere: string[] = [];
    page.on('response', (r) => {
      if (!r.url().startsWith(app.url) && !r.url().startsWith('blob:') && !r.url().startsWith('data:')) elsewhere.push(r.url());
    });
    await page.goto(`${app.url}/docs`);
    await page.waitForSelector('text=Formulation Envelope Service', { timeout: 30_000 });
    // Every operation id is rendered as the anchor of its section.
    const ops = operations({ searches: new TtlCache(1_000, 10), libraryMeta: async () => null });
    await page.waitForFunction(`document.querySelectorAll('[id^="operation/"]').length >= ${ops.length}`, undefined, { timeout: 30_000 });
    const anchors = await page.$$eval('[id^="operation/"]', (els) => els.map((e) => e.id.slice('operation/'.length)));
    for (const op of ops) expect(anchors, op.id).toContain(op.id);
    // The worked example of /check: its request and its answer, as the reference gives them.
    await page.goto(`${app.url}/docs#operation/check_formula`);
    await page.waitForFunction("document.body.innerText.includes('compatible_verify')", undefined, { timeout: 30_000 });
    const text = await page.locator('[id="operation/check_formula"]').innerText();
    expect(text).toContain('Request samples');
    expect(text).toContain('"basePct": 91');
    expect(text).toContain('"packVersion": "2026-10-05"');
    expect(elsewhere, elsewhere.join(' ')).toEqual([]);
    await context.close();
  }, 90_000);
});
