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
  | { get(name: string): string | null | undefined }
  | Readonly<Record<string, string | readonly string[] | undefined>>;

/** The value of header `name` (lower case) whatever the shape and key case; the first of an array. */
export function readHeader(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof headers?.get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Readonly<Record<string, unknown>>;
  // Node's IncomingHttpHeaders are lower case already; other objects may use any case.
  let value = record?.[name];
  if (value === undefined) {
    for (const key in record) if (key.toLowerCase() === name) value = record[key];
  }
  if (Array.isArray(value)) value = value[0];
  return typeof value === 'string' ? value : undefined;
}
