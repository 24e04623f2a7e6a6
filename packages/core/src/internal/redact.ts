/**
 * Redaction of credentials from anything the SDK writes out (log lines, error messages, error bodies).
 *
 * Redaction goes by what a value is, with a list of seen values as one layer among several
 * (docs/decisions.md#d-redaction-by-value):
 * - credentials (client secrets, Basic credentials, static tokens) are replaced wherever they occur verbatim for
 *   as long as the provider holding them lives, however many tokens are issued meanwhile;
 * - issued tokens are replaced verbatim too (the most recent ones), and wherever they stand as what they are:
 *   after `Bearer`, as a JWT, as an `access_token` member;
 * - shapes that are always secret (`Bearer x`, `Basic x`, JWTs, `whsec_x`, `client_secret=x`, `"password": "x"`,
 *   `secret: "x"`) are replaced by pattern, so a secret the SDK never saw is caught too. A field-path message
 *   such as `secret: must be ...` is not an assignment and stays as it is;
 * - the password of anything shaped like userinfo (`user:password@`), a URL or not (docs/decisions.md#d-userinfo-redacted).
 */

import { formEncode } from './form';
import { redactUserinfo } from './userinfo';

const REDACTED = '[redacted]';

// Tokens churn (one an hour per client); these bound how many are matched verbatim. Credentials have no bound.
const MAX_TOKENS = 256;
// Shorter strings would also match ordinary words; such secrets are never logged by construction anyway.
const MIN_SECRET_LENGTH = 8;

// Credential spelling -> how many live holders registered it.
const credentials = new Map<string, number>();
// Issued tokens, oldest first.
const tokens = new Set<string>();
// Longest first, so a secret that contains another is replaced whole; rebuilt after each change.
let ordered: string[] | undefined;

// A credential is forgotten when the last object holding it (its token provider) is collected, so a process that
// makes providers per tenant does not keep every secret it ever saw. Runtimes without FinalizationRegistry keep them.
const released =
  typeof FinalizationRegistry === 'function'
    ? /* @__PURE__ */ new FinalizationRegistry<string[]>((spellings) => {
        for (const s of spellings) {
          const n = (credentials.get(s) ?? 1) - 1;
          if (n > 0) credentials.set(s, n);
          else credentials.delete(s);
        }
        ordered = undefined;
      })
    : undefined;

/** `value` and its URL- and form-encoded spellings, as a secret may appear in a URL or a form. */
function spellingsOf(value: string): string[] {
  return [...new Set([value, encodeURIComponent(value), formEncode(value)])];
}

/**
 * Remembers a credential (a client secret, a Basic credential, a static token) and its encoded spellings, so it
 * is replaced wherever the SDK writes text for as long as `holder` is alive (for ever without a holder).
 */
export function registerSecret(value: string, holder?: object): void {
  if (value.length < MIN_SECRET_LENGTH) return;
  const spellings = spellingsOf(value);
  for (const s of spellings) credentials.set(s, (credentials.get(s) ?? 0) + 1);
  if (holder !== undefined) released?.register(holder, spellings);
  ordered = undefined;
}

/** Remembers an issued token (and its encoded spellings); only the most recent {@link MAX_TOKENS} are kept. */
export function registerToken(value: string): void {
  if (value.length < MIN_SECRET_LENGTH) return;
  for (const s of spellingsOf(value)) {
    tokens.delete(s);
    tokens.add(s);
  }
  while (tokens.size > MAX_TOKENS) {
    const oldest = tokens.values().next().value;
    if (oldest === undefined) break;
    tokens.delete(oldest);
  }
  ordered = undefined;
}

// A secret-named key (`client_secret`, `clientSecret`, `signingSecret`, `password`, `access_token`, ...) is taken to
// introduce a value only where the text has the shape of an assignment: `key=value` (forms, query strings, env
// lines), `"key": value` (JSON), or `key: "value"` (a quoted value). A bare `key: words` is not one: it is how a
// ValidationError names a field ("secret: must be ..."), and redacting there ate the first word of the message.
// The key's prefix is bounded so that a long run of word characters in a large body stays linear to scan.
const ASSIGNMENT =
  /(\b[\w-]{0,40}?(?:secret|password|access_?token|refresh_?token|id_?token)(?:\s*=\s*|"\s*:\s*|\s*:\s*(?=["'])))("[^"]*"?|'[^']*'?|[^"'&\s,;}]+)/gi;

const PATTERNS: [RegExp, string][] = [
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${REDACTED}`],
  [/\beyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, REDACTED],
  [/\bwhsec_[A-Za-z0-9+/=_-]+/g, `whsec_${REDACTED}`],
];

/** The value of an assignment replaced, its quotes kept. */
const redactAssignment = (_: string, key: string, value: string): string => {
  const quote = value[0] === '"' || value[0] === "'" ? value[0] : '';
  return `${key}${quote}${REDACTED}${quote}`;
};

function replaceAll(text: string, values: Iterable<string>): string {
  let out = text;
  for (const secret of values) {
    if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  }
  return out;
}

/**
 * `text` with every registered credential and token, every value of `also` (say, the Authorization value of the
 * request an error is about), every secret-shaped substring and the password of every `user:password@` replaced
 * by `[redacted]`.
 */
export function redact(text: string, also?: readonly string[]): string {
  ordered ??= [...credentials.keys(), ...tokens].sort((a, b) => b.length - a.length);
  let out = text;
  if (also?.length) {
    out = replaceAll(
      out,
      also.filter((v) => v.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length),
    );
  }
  out = replaceAll(out, ordered);
  for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
  return redactUserinfo(out.replace(ASSIGNMENT, redactAssignment));
}

/**
 * The values of an `Authorization` header worth hiding besides the header itself: the credential after its
 * scheme (`Bearer <token>` -> `<token>`), which a careless server may echo alone.
 */
export function authorizationSecrets(value: string | undefined): string[] {
  if (value === undefined) return [];
  const space = value.indexOf(' ');
  return space === -1 ? [value] : [value, value.slice(space + 1).trim()];
}

const SECRET_KEY =
  /^(?:authorization|proxy-authorization|cookie|set-cookie|.*secret.*|.*password.*|(?:access|refresh|id)?_?token|api[-_]?key)$/i;

/**
 * A copy of `value` safe to log: strings redacted, values under secret-sounding keys replaced whole.
 * Depth-limited because log fields are shallow and a cycle must not hang the caller. Keys are copied as own
 * properties (a key named `__proto__` stays data, docs/decisions.md#d-own-property-lookups).
 */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redact(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 4) return '[object]';
  if (value instanceof Error) return redact(`${value.name}: ${value.message}`);
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [
      key,
      SECRET_KEY.test(key) && v !== undefined && v !== null ? REDACTED : redactValue(v, depth + 1),
    ]),
  );
}
