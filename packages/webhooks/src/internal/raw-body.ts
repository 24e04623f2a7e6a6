import type { RawBody } from '../crypto/types';
import { fail } from './fail';

/** The raw request body: exactly the bytes received (or their UTF-8 text), never a parsed object. */
export type WebhookBody = string | Uint8Array | ArrayBuffer | ArrayBufferView;

/** `body` when it is raw (a string or bytes), else a `body_not_raw` error that says how to get the raw body. */
export function rawBodyOf(body: unknown): RawBody {
  if (typeof body === 'string' || body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return body;
  return fail(
    'body_not_raw',
    ': pass the raw body, not a parsed one: express.raw({ type: "application/json" }) in Express, ' +
      'await request.text() elsewhere.',
  );
}
