/**
 * The sign-in and consent pages: server-rendered HTML with no script and no third-party asset,
 * native form controls with labels (so the tab order is the reading order and everything works
 * from the keyboard), and the per-request CSRF token in a hidden field.
 */
const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
h1{font-size:1.4rem}label{display:block;margin-top:1rem;font-weight:600}
input{display:block;width:100%;box-sizing:border-box;padding:.5rem;font:inherit;border:1px solid #555;border-radius:4px}
button{margin-top:1.25rem;margin-right:.5rem;padding:.5rem 1.25rem;font:inherit;border-radius:4px;border:2px solid #1a1a1a;background:#fff;cursor:pointer}
button.primary{background:#1a1a1a;color:#fff}:focus-visible{outline:3px solid #0a58ca;outline-offset:2px}
.error{border-left:4px solid #b00020;padding:.5rem .75rem;background:#fdecee}.muted{color:#555;font-size:.9rem}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer">
<title>${esc(title)} · Formulation Envelope Service</title><style>${STYLE}</style></head>
<body><main>${body}</main></body>
</html>`;
}

export function signInPage(o: { csrf: string; clientName: string; error?: string; email?: string }): string {
  return page(
    'Sign in',
    `<h1>Sign in</h1>
<p><strong>${esc(o.clientName)}</strong> wants to use the Formulation Envelope Service for your company. Sign in with your operator account.</p>
${o.error ? `<p class="error" role="alert" id="error">${esc(o.error)}</p>` : ''}
<form method="post" action="/oauth/authorize">
<input type="hidden" name="csrf" value="${esc(o.csrf)}">
<label for="email">E-mail address</label>
<input id="email" name="email" type="email" autocomplete="username" required autofocus value="${esc(o.email ?? '')}"${o.error ? ' aria-describedby="error"' : ''}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit" class="primary">Sign in</button>
</form>`,
  );
}

export function consentPage(o: { csrf: string; clientName: string; company: string; redirectHost: string }): string {
  return page(
    'Allow access',
    `<h1>Allow access?</h1>
<p><strong>${esc(o.clientName)}</strong> asks to use the Formulation Envelope Service as <strong>${esc(o.company)}</strong>: to search ingredients, check formulas (which consumes runs), build labels and read the account's usage.</p>
<p class="muted">You will be returned to ${esc(o.redirectHost)}. You can revoke the access at any time from the client.</p>
<form method="post" action="/oauth/consent">
<input type="hidden" name="csrf" value="${esc(o.csrf)}">
<button type="submit" name="decision" value="allow" class="primary" autofocus>Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>`,
  );
}

export function problemPage(message: string): string {
  return page('Sign-in problem', `<h1>This sign-in cannot go on</h1><p role="alert">${esc(message)}</p><p>Start the connection again from your MCP client.</p>`);
}
