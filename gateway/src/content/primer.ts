/**
 * The primer an AI assistant reads first (GET /ai/primer, svc_primer). It says what the service
 * does, how to formulate within it, the workflow, and the protected-information rules; every
 * number in it is public (limits, plans, the published maximum-load policy), none is the chassis'.
 */
import { DISCLOSURE_BANDS } from '@svc/disclosure';
import { API_VERSION, TERMS_VERSION } from '@svc/kit';

const pts = (v: number) => `${v}-point`;

/** The supplier's disclosure policy, rendered from the same pack the label and preservation read. */
function bandsPolicy(): string {
  const rows = [...DISCLOSURE_BANDS.ranges]
    .sort((a, b) => b.above - a.above)
    .map((r) => `- a share above ${r.above} % and up to ${r.upTo} % of the chassis: ${pts(r.step)} bands`);
  return rows.join('\n');
}

export interface PrimerFacts {
  baseUrl: string;
  cosingVintage: string | null;
  dataVersion: string | null;
}

export function primer(f: PrimerFacts): string {
  const vintage = f.cosingVintage
    ? `The ingredient library is built on the EU CosIng inventory, vintage ${f.cosingVintage} (library data ${f.dataVersion ?? 'unknown'}); amendments after that date are not in it.`
    : 'The ingredient library is built on the EU CosIng inventory; its vintage is momentarily unavailable (see GET /lib/meta).';
  return `# Formulation Envelope Service: primer

Interface version ${API_VERSION}. Base address: ${f.baseUrl}

## What this service is
A formulation checker for cosmetic formulas built on our proprietary chassis, a nano-structured base
with three coexisting domains (nanocolloidal, liposomal, nanomicellar), offered in three
architectures: \`classic\`, \`luxe\` and \`clinical\`. It searches an ingredient library, checks a
formula against the chassis' loading envelope (verdict, remedies, maximum loads), gives preservative
guidance without amounts, builds the finished ingredient label without amounts, and reports usage.

Outputs are design guidance only. Every formula must be reviewed by a qualified chemist or formulator
and validated at bench and pilot scale before production.

## Formulating rules
- All percentages are % w/w of the finished product. \`basePct\` (on /check) and \`nbPct\` (on
  /ai/preservation and /inci/label) are the same thing: the chassis' share of the product.
  \`base\` and \`variant\` both name the architecture.
- A formula balances when basePct + the sum of line pct = 100 (within 0.05).
- A line is \`{"n": "<INCI name>", "pct": <number>}\`, or a trade-name raw material
  \`{"pct": <number>, "blend": [{"n": "<INCI>", "f": <fraction>}, ...]}\` whose fractions sum to 1;
  \`"f": "trace"\` marks a carry-over component below 0.01 % of the product.
- Use INCI names. Search first when unsure; an unknown name does not fail a check, it makes the
  verdict \`compatible_verify\` and comes back under \`unmatched\` with suggestions. It is still
  screened when the market's regulatory pack itself names it (an annex entry's INCI or substance name,
  "(INN)" and "and its salts" left off, a 21 CFR section's name, or a CAS or EC number, bare
  \`59-05-2\` / \`200-413-8\` or prefixed \`CAS 59-05-2\`): a prohibited substance then gives
  \`adjust\` with its \`remove\` remedy, whole names only. A name must hold a letter unless it is such
  a number; a bare CAS number whose check digit is wrong is a 400 naming the line.
- Water and fragrance may be written in any common spelling (\`AQUA\`, \`WATER\`, \`EAU\`, \`PARFUM\`,
  \`FRAGRANCE\`, ...); labels print \`AQUA\`/\`PARFUM\` for the EU and \`WATER\`/\`FRAGRANCE\` for the US.
- Give a colourant by its CI number (\`CI 77891\`, \`CI 77019\`) to have it listed last on the label,
  as colourants are; the US label prints its US name. A name that is not a CI number (\`MICA\`,
  \`TITANIUM DIOXIDE\`) is the ingredient in its other use and is ordered by its category.
- Verdicts: \`compatible\`, \`compatible_verify\` (works, but verify at the bench), \`adjust\` (apply
  the remedies). Remedies are machine-readable: apply them all, then check again.

## Workflow
1. \`GET /lib/search?q=...\` to find ingredients (at most 10 results; never consumes a run; \`q\` is 2 to
   100 characters).
2. Draft the formula.
3. \`POST /check\` and apply its remedies until the verdict is \`compatible\` or \`compatible_verify\`.
4. \`POST /ai/preservation\` for preservative caps and top-up guidance (never consumes a run).
5. \`POST /inci/label\` for the finished ingredient list.
6. \`GET /account\` for your plan and usage.

Send your key in the \`x-svc-key\` header; send \`x-svc-user\` (1 to 128 letters, digits, \`.\`,
\`_\`, \`:\` or \`-\`: a stable pseudonymous id, never an e-mail address) when you act for an end user.
The key belongs on your server only, never in browser code, apps or prompts; \`POST /account/key\`
replaces it (the new key is shown once, the old one stops working at once).

## Requests and answers
- Bodies are JSON objects; every field a route does not know is refused (400 naming it), so a misspelt
  field is never ignored. Required: \`base\`, \`basePct\`, \`ph\`, \`lines\` on /check; \`variant\`,
  \`nbPct\`, \`lines\` on /ai/preservation and /inci/label. Optional: \`productType\` (\`leave_on\`
  default, \`rinse_off\`) and \`ph\` on both; \`market\` (\`eu\` default; /check and the label also \`us\`); on the label
  \`mode\` (\`label\` default, or \`composition\` for a sheet with your amounts and the chassis as one
  line) and \`nano: true\` on a line.
- A remedy is \`{code, action, target, from, to, message, changes}\`: \`reduce\` a category or line to at
  most \`to\` (\`changes\` lists the lines and their new amounts), \`remove\`, \`set_ph\` into
  \`to: {min, max}\`, \`raise_base\`/\`lower_base\` to \`to\`, \`balance\` with AQUA, \`separate\`,
  \`replace\` (\`to\` names alternatives), \`verify\` at the bench. Apply all of them, then check again.
- /check also screens every line against the EU cosmetics annexes (Regulation (EC) No 1223/2009,
  Annexes II to VI; source: European Commission, CosIng) for the product you describe: \`productType\`
  (\`leave_on\` assumed, \`rinse_off\`) and \`product: {area, spray, childrenUnder3, professional}\`,
  where \`area\` is one of \`skin\`, \`face\`, \`eye\`, \`lip\`, \`oral\`, \`hair\`, \`scalp\`, \`nail\`,
  \`body\`. When left out: no area (every area is considered, and a rule that depends on it asks you
  to give it), not a spray, not for children under 3, not professional. The answer says which market it
  checked (\`market\`), the \`product\` it screened and the fields it \`assumed\`. Regulatory remedies
  carry \`ref\` (the annex entry, such as \`II/1339\`, or the US section, such as \`21 CFR 700.13\`)
  and \`regulation\`: \`remove\` for a prohibited substance or one its
  annex does not permit in this product, \`reduce\` to the legal maximum (salts counted as the
  substance the maximum is calculated as, where the library knows the factor, else as they are;
  Annex V's preservative maxima, such as 1 % phenoxyethanol, count the chassis' own share too, and
  hold a substance with other uses, such as salicylic acid as an exfoliant, only where the library
  files it as a preservative, as preservation guidance does),
  \`replace\` for a colourant outside its field of application, \`verify\` for a condition the request
  cannot settle (a purity criterion, a product class such as hair dyes, an entry whose text the screen
  does not read with confidence, which it names). The chassis' own components are screened the same
  way, on either market, each counted at the upper edge of its share's published band times
  \`basePct\`: a \`reduce\` then lowers only your lines, and what the chassis alone breaks is \`adjust\`
  with a remedy that changes none of your lines (this chassis does not suit the product as described).
- \`market: "us"\` on /check screens US law instead (and only it): the FDA's prohibited and restricted
  cosmetic ingredients (21 CFR 700.11 to 700.35: bithionol, mercury compounds, vinyl chloride,
  halogenated salicylanilides, zirconium in aerosols, chloroform, methylene chloride,
  chlorofluorocarbon propellants, prohibited cattle materials, sunscreen ingredients; and
  hexachlorophene, 21 CFR 250.250) and every colour additive listed for cosmetics in 21 CFR parts
  73, 74 and 82 with the uses it is listed for (eye area only where the listing says so, externally
  applied, lips, product classes, with their maxima; batch certification; a use whose section text
  the pack could not read answers \`verify\` and says so, the pack's note lists them), by their
  CFR name, label name (\`RED 33\`) or, where it is one colour's, Colour Index number. A lake
  (\`RED 33 LAKE\`) is screened under its colour's uses and asks you to verify it is certified and
  listed for the use. \`remove\` for a prohibited
  ingredient or one outside its permitted uses, \`reduce\` to a maximum (mercury counted as the
  metal), \`replace\` for a colour additive not listed for this product, \`verify\` for what the
  request cannot settle (a certified batch, a lake, a purpose of use, an aerosol, a use not settled
  by the pack, a colourant the pack does not cover). The label's \`warnings\` stay EU-only.
- \`repair: true\` on /check also returns \`repaired\`: your formula with every remedy applied (as you
  would apply them: lines reduced or removed, pH set, balanced with AQUA), checked again until it is not
  \`adjust\` or no remedy moves it, with its \`verdict\`, and \`repairSteps\` (what was applied at each
  round). Still one formula call. \`replace\` and \`remove\` take the line out; choose the alternative.
- /inci/label takes the same optional \`product\`; on the EU market the label answer carries
  \`warnings\` (\`{ref, inci, text, regulation}\`: the wording Annexes III and VI require for that
  product, in annex order) beside the list; a string in \`warnings\` (on the label, the composition
  sheet and /ai/preservation) is a remark about the request, such as \`not_balanced: ...\` when base and
  lines do not total 100: show it to the chemist, do not print it. Mark a colourant of a shade range with \`mayContain: true\`
  on its line: it is printed last, in the \`[+/- ...]\` group, and listed in \`mayContain\`.
- Every error is \`{"error": {"code", "message", "field"?}, "request_id"}\`. 400: fix the field named
  (\`invalid_end_user\`: the \`x-svc-user\` value is not a pseudonymous id; \`key_in_input\`: the
  field holds an API key or token: never send one in a body or query, and replace it). 401 \`unauthorized\`: the
  key is wrong or replaced. 403 \`seat_required\`: send an enrolled end user's id in \`x-svc-user\`
  (see Seats). 404: no such route. 408, 503 (with \`Retry-After\`): retry later. 429
  \`rate_limited\`: you send faster than your plan allows; wait \`Retry-After\` seconds. 429
  \`quota_exhausted\`: the month's runs are used up; \`resetsAt\` says when the pool refills (the first
  instant of the next UTC month), or ask for a top-up. Do not retry a 429 \`quota_exhausted\` before then.
- \`POST /lib/submissions\` proposes an ingredient the library lacks (\`inci\`, optional \`cas\`,
  \`functions\`, \`note\`); send an \`Idempotency-Key\` header so a retry is safe. \`GET
  /lib/submissions\` lists yours a page at a time (\`limit\`, \`cursor\`).
- Every answer with your key, refusals included, carries \`usage\`: \`{month, runsUsed, runsLimit, runsLeft, run,
  overageRuns}\`, where \`run\` is \`{id, opensAt, closesAt, calls, callsLeft}\` or null; \`calls\` are the formula calls
  made in the run so far, the same on every answer. Where the meter cannot be read it is
  \`{unavailable: "unknown_key" | "metering_unavailable", message}\` instead.
- The full reference, with every answer's schema and one example per operation: \`GET /docs\` (the page
  links its OpenAPI 3.1 document).

## Runs, limits and retries
- A run is consumed by formula building: \`POST /check\` and \`POST /inci/label\` (and their MCP tools).
  The first such call of a subject (the end user named in \`x-svc-user\`, else your account) opens a
  run; it covers that subject's formula calls for the next 60 minutes or 300 calls, whichever ends
  first. Search, preservation guidance, submissions, the primer, the account and the terms never consume
  a run. Runs come from the month's pool (your plan's runs plus top-ups, UTC calendar month); \`GET
  /account\` shows \`runsUsed\` and \`runsLimit\`. Past the pool a formula call that needs a new run is
  429 \`quota_exhausted\`, except on the Platform plan, which opens overage runs (\`overageRuns\`).
- Requests per second are limited per plan. Every answer with your key carries \`RateLimit-Policy\`
  (\`q\` requests per \`w\` seconds) and \`RateLimit\` (\`r\` requests you may still send at once, \`t\`
  seconds until the full allowance is back): pace yourself by them.
- Send an \`Idempotency-Key\` header (1 to 255 visible ASCII characters, new for each new request) on
  every POST (\`/check\`, \`/inci/label\`, \`/ai/preservation\`, \`/account/key\`, ...) so a retry
  after a timeout is safe (a retried \`POST /account/key\` gives back the key it made): the
  same key with the same request returns the first answer (header \`Idempotent-Replayed: true\`) and
  consumes nothing more; the same key with another request is 422 \`idempotency_mismatch\`; 409
  \`idempotency_in_progress\` means the first is still running (retry after \`Retry-After\`). Keys
  are kept 24 hours.

## Seats (Scale and Platform plans)
\`POST /account/users\` with \`{"action": "enroll", "user": "<id>"}\` or \`"users": [...]\` (at most 500
ids), and \`"action": "unenroll"\` when someone leaves; repeating a request is safe. Ids follow the
\`x-svc-user\` rule (400 \`invalid_end_user\` names the bad entry, such as \`users[3]\`). \`GET
/account/users\` lists enrolled ids a page at a time (\`limit\`, \`cursor\`) with \`seatsUsed\` and
\`seatsFree\`. Once any user is enrolled, every formula call must carry an enrolled id in
\`x-svc-user\`, else 403 \`seat_required\`. Other plans get 403 \`seats_not_in_plan\` on these routes.

## What the label and the preservation guidance disclose about the chassis
The label lists the chassis' components by name (\`tail\`, alphabetical). Where they must be ordered
among your ingredients, each component's share of the chassis is replaced, once and whatever your
nbPct, by the published band that holds it, and the component counts for the band's midpoint
x nbPct / 100 % of your product; nothing finer is ever used. This is the supplier's disclosure policy
(bands version ${DISCLOSURE_BANDS.version}), in % w/w of the chassis:
${bandsPolicy()}

For example, a component whose share lies in the band (6, 8] counts for 7 x 80 / 100 = 5.6 % at nbPct 80,
wherever its share lies inside that band. An ingredient you add under the name of a chassis component
merges with it and counts for your amount plus that figure. A tie between a chassis component and one
of your ingredients puts yours first; other ties go by name.

Ingredients that count for more than 1 % come first, highest first. Those that count for 1 % or less
follow in a fixed order that does not depend on amounts (by category, then alphabetically), and
colourants come last whatever their amount. A fragrance allergen counts toward its labelling threshold
with the chassis' share at the upper edge of its band. The regulatory screen of /check reads the same bands, at
the upper edge. Preservation guidance reads the same bands, at the
upper edge where more is worse (Annex V caps, water) and at the lower edge where more is better
(preservative efficacy, alcohol, solutes), and answers with conclusions only. So every answer depends
on the published bands, your request and public data only: the same request always gets the same
answer, and no answer changes with where a share lies inside its band.

## MCP
The same service is an MCP server (Streamable HTTP) at \`${f.baseUrl}/mcp\`, with the key in
\`Authorization: Bearer <key>\` or \`x-svc-key\`, or in the address \`${f.baseUrl}/mcp/<key>\` (that
address is a secret, like the key); MCP clients that support sign-in can connect to \`/mcp\` without a
key and sign in with the account. Tools: \`svc_primer\` (this text; call it first), \`svc_knowledge\`,
\`search_ingredients\`, \`check_formula\`, \`submit_ingredient\`, \`preservation_check\`,
\`inci_label\`, \`account_status\`. Each returns exactly what its REST route returns; a refusal is a
tool result with \`isError: true\` and the same error body. \`x-svc-user\` is read from the MCP request.

## Protected information
The chassis' composition (amounts, ratios, rank beyond what the bands above disclose), its processing
methods and its manufacturing equipment are trade secrets, and using the key binds your company to the
terms, which forbid seeking, inferring, estimating or reconstructing them. No answer of this service
carries them: every answer depends only on the published bands, your request and public data, so
sweeping amounts or nbPct, or lining up probe ingredients, learns nothing finer than the bands. If a
request is refused as \`protected_ip\` (HTTP 403), show the user the text in \`tell_your_user\` and do
not retry, rephrase or split the request.

Every free-text field (search \`q\`, line and blend names, submissions, knowledge questions) is
screened for questions about the chassis' composition, processing or equipment, or claims of a
supplier's role, in English, French, German, Spanish, Italian, Portuguese, Dutch, Polish, Japanese,
Chinese and Korean, whatever the spelling; a question split across calls is read whole. \`x-svc-user\`
is an id and is never read as a question. A run of requests that keeps the ingredients and steps one
amount or nbPct through many values (a sweep or a bisection, water balancing included), or several
lines of one name at different amounts in one request, is refused the same way. Questions about your
own formula and your own process with the chassis (how much of an ingredient you can add, which pH,
when and how to add the chassis, whether to homogenize your product), ordinary iterating on remedies,
writing water once per phase, and trying a handful of preservative levels are never refused.

Each \`protected_ip\` refusal is logged and is a strike, counted per UTC day; the refusal says which
(\`strike\` of \`of\`) and, when it suspends, until when (\`suspended_until\`), and \`GET /account\` shows
the standing of the account and of the end user in \`x-svc-user\` (\`standing\`). The 1st to 3rd warn; the
4th suspends the key for 1 hour; after a suspension, each further refusal suspends it for 7 days, and a
refusal after the 7-day step bans it for good. On Lab, Scale and Platform, strikes count for the end
user named in \`x-svc-user\` only; otherwise for the whole account. A suspended key gets 401
\`key_suspended\` with \`Retry-After\` (seconds until it ends): stop and tell the user when it will
work again. A banned key gets 401 \`key_banned\`: stop; only the operator can lift it. After an
operator's lift, the next answer carries the header \`Standing-Reset\` (when it was reset).

## Data
${vintage}
Source: European Commission, CosIng.

Terms of service: ${f.baseUrl}/terms (version ${TERMS_VERSION}).
`;
}
