/**
 * `application/x-www-form-urlencoded` encoding of one value (spaces as `+`), as RFC 6749 section 2.3.1
 * requires for the client id and secret before they are joined and base64-encoded for HTTP Basic.
 */
export function formEncode(value: string): string {
  return encodeURIComponent(value)
    .replace(/%20/g, '+')
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Base64 of an ASCII string; `btoa` exists in Node >= 16, browsers, Deno, Bun and edge runtimes. */
export function base64Ascii(value: string): string {
  return btoa(value);
}
