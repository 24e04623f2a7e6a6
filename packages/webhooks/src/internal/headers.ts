/** The delivery's timestamp header (Unix seconds). */
export const TIMESTAMP_HEADER = 'X-Service-Webhook-Timestamp';
/** The delivery's signature header (64 lowercase hex). */
export const SIGNATURE_HEADER = 'X-Service-Webhook-Signature';

/**
 * Request headers as `verifyWebhook` takes them: a `Headers`, Node's `IncomingHttpHeaders` (values may be
 * arrays), or a plain object with names in any case.
 */
export type WebhookHeaders =
  | Headers
  | {
      /** The value of header `name` (passed in lower case), or null or undefined when absent. */
      get(name: string): string | null | undefined;
    }
  | Readonly<Record<string, string | readonly string[] | undefined>>;

/**
 * The value of header `name` (lower case) whatever the shape and key case; the first of an array. Not checked to
 * be a string: the caller's format checks refuse anything else.
 */
export function readHeader(headers: WebhookHeaders, name: string): string | null | undefined {
  let value: unknown;
  if (typeof headers?.get === 'function') value = (headers as Headers).get(name);
  // Node's IncomingHttpHeaders are lower case already; other objects may use any case.
  else
    for (const key in headers)
      if (key.toLowerCase() === name) value ??= (headers as Record<string, unknown>)[key];
  return (Array.isArray(value) ? value[0] : value) as string | null | undefined;
}
