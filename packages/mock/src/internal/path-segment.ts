/** A lone UTF-16 surrogate: a high one not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * `value` as one segment of a URL path, percent-encoded. A lone surrogate (valid in JSON text, not in Unicode) is
 * written as U+FFFD first, where `encodeURIComponent` would throw: an id a caller stored is always linkable, and
 * no href of a response can fail (docs/decisions.md#d-mock-hostile-input).
 */
export function pathSegment(value: string): string {
  return encodeURIComponent(value.replace(LONE_SURROGATE, '\ufffd'));
}
