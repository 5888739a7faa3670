import { API_VERSION, TERMS_VERSION } from '@svc/kit';

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

export function termsHtml(baseUrl: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Terms of service (version ${TERMS_VERSION})</title></head>
<body>
<h1>Terms of service</h1>
<p>Version <strong id="terms-version">${TERMS_VERSION}</strong>. Interface version ${API_VERSION}. Service: ${esc(baseUrl)}</p>
<ol>
<li>One API key per company. Using the key binds the company to these terms.</li>
<li>Keep the key on your servers. Never put it in browser code, mobile apps or end-user prompts; an address containing the key is a secret too.</li>
<li>Outputs are design guidance only. Every formula must be reviewed by a qualified chemist or formulator and validated at bench and pilot scale before production.</li>
<li>The composition of the chassis, its processing methods and its manufacturing equipment are trade secrets. Do not seek, infer, estimate or reconstruct them. Such requests are refused and count as strikes: three warnings a UTC day, then suspension for an hour, then seven days, then a permanent ban.</li>
<li>Send end-user ids in <code>x-svc-user</code> as stable pseudonyms, never e-mail addresses or other personal data.</li>
<li>Runs are metered per plan and calendar month (UTC); a run covers all formula checks and labels in the following 60 minutes, up to 300 calls.</li>
<li>Ingredient data: Source: European Commission, CosIng.</li>
</ol>
</body></html>
`;
}
