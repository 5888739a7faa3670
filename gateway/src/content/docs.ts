/**
 * GET /docs: the API reference as a page, rendered in the browser by Redoc from /openapi.json.
 * The renderer is served from its npm package (redoc's standalone bundle), never from a CDN, and the
 * page allows nothing else: scripts from this origin only, no inline script, no frames.
 */
import { readAsset } from './redoc-script';

export const DOCS_SCRIPT_PATH = '/docs/redoc.standalone.js';

/**
 * Redoc styles with inline <style> elements (styled-components) and runs its search in a worker made
 * from a blob; everything else is refused.
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  'worker-src blob:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export function docsHtml(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Formulation Envelope Service: API reference</title>
</head>
<body>
<noscript>This page renders the API reference with JavaScript; the reference itself is <a href="/openapi.json">/openapi.json</a>.</noscript>
<redoc spec-url="/openapi.json" hide-download-button="false" required-props-first="true" expand-responses="200,201"></redoc>
<script src="${DOCS_SCRIPT_PATH}"></script>
</body>
</html>
`;
}

let script: string | undefined;

/** The renderer as its package ships it, read once. */
export function docsScript(): string {
  script ??= readAsset();
  return script;
}
