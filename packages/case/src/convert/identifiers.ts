import { v5 as uuidV5 } from 'uuid';
import { isAbsoluteUri } from '../internal/ids';
import { namespaceBytes, uuidV5Of } from './uuid-v5';

/**
 * The namespace of name-based ids made from identifiers that are not URIs (`K.CC.2`). Itself the version-5 uuid
 * of `https://learnkit.dev/case/identifier` in the RFC 9562 URL namespace, so anyone can derive it again.
 */
export const NON_URI_NAMESPACE = uuidV5('https://learnkit.dev/case/identifier', uuidV5.URL);
const URL_BYTES = namespaceBytes(uuidV5.URL);
const NON_URI_BYTES = namespaceBytes(NON_URI_NAMESPACE);

/**
 * The stable uuid that replaces a CASE identifier which is not 8-4-4-4-12 hex: the version-5 (SHA-1, name-based)
 * uuid of the original, in the URL namespace when the original is an absolute URI (ASN's
 * `http://purl.org/ASN/resources/S114340D`), else in {@link NON_URI_NAMESPACE}. The same original always gives
 * the same id, in every file and every run, so every reference to it can be rewritten on its own
 * (docs/decisions.md#d-case-json-identifiers).
 */
export function nameBasedId(original: string): string {
  return isAbsoluteUri(original)
    ? uuidV5Of(original, uuidV5.URL, URL_BYTES)
    : uuidV5Of(original, NON_URI_NAMESPACE, NON_URI_BYTES);
}

/** The uri to write for an object that has none: its original identifier when that is a URI, else `urn:uuid:`. */
export function uriFor(id: string, original?: string): string {
  return original !== undefined && isAbsoluteUri(original) ? original : `urn:uuid:${id}`;
}
