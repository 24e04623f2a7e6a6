/** First `max` characters of `text` with whitespace runs collapsed, for one-line error messages. */
export function preview(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** `JSON.parse` that returns undefined instead of throwing. */
export function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * @internal What `JSON.parse` said of a text that is not JSON, without the stretch of the text V8 quotes
 * (`Unexpected token 's', ..."Secret": s3cr3t"... is not valid JSON` -> `Unexpected token 's'`): a configuration
 * file's text holds its secrets, and a quoted stretch can cut a password off from the `@` that marks it as one
 * (docs/decisions.md#d-config-not-json). A message that still quotes something is not shown at all.
 */
export function jsonParseProblem(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  const unquoted = message.replace(/,? (?:\.\.\.)?"[\s\S]*"(?:\.\.\.)? is not valid JSON$/, '');
  return unquoted === '' || unquoted.includes('"') ? 'a syntax error' : unquoted;
}

/** @internal True for a plain object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const decoder = /* @__PURE__ */ new TextDecoder();

/** UTF-8 text of a body, as `Response.text()` decodes it (a BOM dropped, bad bytes replaced). */
export function decodeText(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}
