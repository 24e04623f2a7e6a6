import { WebhookVerificationError } from '@learnkit/core';
import type { RawBody } from '../crypto/types';

/** The raw request body: exactly the bytes received (or their UTF-8 text), never a parsed object. */
export type WebhookBody = string | Uint8Array | ArrayBuffer | ArrayBufferView;

/** `body` as a string or bytes, or a `body_not_raw` error that says how to get the raw body. */
export function rawBodyOf(body: unknown): RawBody {
  if (typeof body === 'string' || body instanceof Uint8Array) return body;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  if (ArrayBuffer.isView(body)) return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  throw new WebhookVerificationError(
    'body_not_raw',
    `verifyWebhook needs the raw body as received (string or bytes), got ${body === null || typeof body !== 'object' ? String(body) : 'an object'}: ` +
      're-serializing a parsed body changes the signed bytes. ' +
      'Express: express.raw({ type: "application/json" }) on the route, then pass req.body (a Buffer). ' +
      'Next.js route handler: await req.text(). Hono: await c.req.text(). ' +
      'Or use createWebhookHandler, which reads the raw body itself.',
  );
}
