/**
 * The activity package's copy of core's `redactUserinfo` (packages/core/src/internal/userinfo.ts): the password of
 * anything shaped like userinfo (`user:password@`) replaced, the user name kept (docs/decisions.md#d-userinfo-redacted).
 * A copy because the configuration module is shared with the browser tracker, whose bundle holds no module of core
 * (docs/decisions.md#d-activity-errors-are-validation-errors); packages/activity/test/config.test.ts holds it to core's vectors and
 * to core's function (docs/decisions.md#d-userinfo-rule-vectors).
 */

const REDACTED = '[redacted]';

// A token is a run of characters up to whitespace, a double quote, a backslash or a backtick: none is a character
// of a URL, and JSON strings, escapes and code spans end at them.
const isBoundary = (code: number): boolean =>
  code === 32 || (code >= 9 && code <= 13) || code === 34 || code === 92 || code === 96 || code === 0xa0;

/**
 * A function giving the index of the next `@` or `%40` of `text` at or after `from` (else -1), for `from` that
 * never decreases. Each spelling's last response is kept until it lies behind `from`, so the searches of one text
 * scan it once: a text of many `@` and no `%40` is not searched to its end for `%40` at every `@`.
 */
function atFinder(text: string): (from: number) => number {
  let raw = -2;
  let encoded = -2;
  return (from) => {
    if (raw !== -1 && raw < from) raw = text.indexOf('@', from);
    if (encoded !== -1 && encoded < from) encoded = text.indexOf('%40', from);
    if (raw === -1) return encoded;
    return encoded === -1 ? raw : Math.min(raw, encoded);
  };
}

/** Length of the `:` (1) or `%3A` (3) at `i`, else 0. */
function colonLength(text: string, i: number): number {
  if (text.charCodeAt(i) === 58) return 1;
  return text.charCodeAt(i) === 37 && /^%3a/i.test(text.slice(i, i + 3)) ? 3 : 0;
}

/** Length of the `/`, `?` or `#` at `i` (1), or of their encodings `%2F`, `%3F`, `%23` (3), else 0. */
function separatorLength(text: string, i: number): number {
  const code = text.charCodeAt(i);
  if (code === 47 || code === 63 || code === 35) return 1;
  return code === 37 && /^%(?:2f|3f|23)/i.test(text.slice(i, i + 3)) ? 3 : 0;
}

// A port and then a path, query or fragment (`host:8443/users/a@b.c`): no password.
const PORT = /^\d{1,5}(?:[/?#]|%2f|%3f|%23)/i;

/**
 * Where the password of `head` (what precedes an `@`) starts: after its first colon that can end a user name, else
 * -1. A colon cannot when nothing follows it, when a slash follows it (a scheme: `https://`, `ftp:/`), when a port
 * and a path follow it, when it stands inside brackets (an IPv6 address) or after `mailto`.
 */
function passwordStart(head: string): number {
  let userStart = 0;
  let inBrackets = false;
  for (let i = 0; i < head.length; ) {
    const separator = separatorLength(head, i);
    if (separator > 0) {
      i += separator;
      userStart = i;
      inBrackets = false;
      continue;
    }
    const code = head.charCodeAt(i);
    if (code === 91) inBrackets = true;
    else if (code === 93) inBrackets = false;
    const colon = colonLength(head, i);
    if (colon === 0) {
      i++;
      continue;
    }
    const pass = i + colon;
    if (
      pass < head.length &&
      !inBrackets &&
      !/mailto$/i.test(head.slice(Math.max(userStart, i - 6), i)) &&
      separatorLength(head, pass) === 0 &&
      !PORT.test(head.slice(pass, pass + 9))
    )
      return pass;
    i = pass;
  }
  return -1;
}

/** Whether `text` holds a `/`, `?` or `#`, or with `encoded` one of `%2F`, `%3F`, `%23`. */
function hasSeparator(text: string, encoded: boolean): boolean {
  if (/[/?#]/.test(text)) return true;
  return encoded && /%(?:2f|3f|23)/i.test(text);
}

/**
 * `token` with the password before each of its `@` hidden (with `encoded`, each `%40` of a text percent-encoded as
 * a whole: `user%3Apa55word%40host`, where `%2F`, `%3F` and `%23` separate too). As a URL parser reads userinfo,
 * what follows a hidden password up to the next `@`, if no separator comes before its own password, is still that
 * password (`user:p@ss@host`: `p@ss`), and goes with its `@`: redacted again, the result reads the same.
 */
function hideBefore(token: string, encoded: boolean): string {
  const at = encoded ? '%40' : '@';
  const parts = token.split(at);
  let out = '';
  let hidden = false;
  for (let k = 0; k < parts.length - 1; k++) {
    const head = parts[k] as string;
    const start = passwordStart(head);
    if (hidden && !hasSeparator(start === -1 ? head : head.slice(0, start), encoded)) continue;
    hidden = start !== -1;
    out += (hidden ? head.slice(0, start) + REDACTED : head) + at;
  }
  return out + parts[parts.length - 1];
}

/**
 * One token with its passwords hidden: those before `@` first, then those before `%40` in each stretch between
 * two `@` (a raw password's own `%40` is gone by then, and a stretch never reaches across a raw `@`).
 */
function redactToken(token: string): string {
  const raw = token.includes('@') ? hideBefore(token, false) : token;
  if (!raw.includes('%40')) return raw;
  return raw
    .split('@')
    .map((stretch) => (stretch.includes('%40') ? hideBefore(stretch, true) : stretch))
    .join('@');
}

/**
 * `text` with the password of every `user:password@` in it replaced by `[redacted]`, the user name kept:
 * `https//user:pa55word@example.test` -> `https//user:[redacted]@example.test`. An email address (`a@b.c`) has no
 * password and stays; so does `mailto:a@b.c`. Linear in the length of `text`.
 */
export function redactUserinfo(text: string): string {
  const nextAt = atFinder(text);
  let out = '';
  let done = 0;
  for (let at = nextAt(0); at !== -1; at = nextAt(done)) {
    let start = at;
    while (start > done && !isBoundary(text.charCodeAt(start - 1))) start--;
    let end = at + 1;
    while (end < text.length && !isBoundary(text.charCodeAt(end))) end++;
    out += text.slice(done, start) + redactToken(text.slice(start, end));
    done = end;
  }
  return done === 0 ? text : out + text.slice(done);
}
