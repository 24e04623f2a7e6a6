/** The raw body as `verifyWebhook` and `signWebhook` take it: a string or bytes. */
export type RawBody = string | ArrayBuffer | ArrayBufferView;

/**
 * HMAC-SHA256 of `<timestamp>.<body>` (docs/decisions.md#d-webhook-signature) on one runtime's crypto. Node's uses `node:crypto`,
 * the other runtimes' Web Crypto; `package.json` `imports` (`#crypto`) picks one, so a browser or edge bundle
 * never sees `node:crypto`.
 */
export interface WebhookCrypto {
  /** Whether any of `secrets` signs `<timestamp>.<body>` to `signature` (64 lowercase hex), compared in constant time. */
  verify(
    secrets: readonly string[],
    timestamp: string,
    body: RawBody,
    signature: string,
  ): boolean | Promise<boolean>;
  /** Lowercase hex HMAC-SHA256 of `<timestamp>.<body>` keyed by the UTF-8 bytes of `secret`. */
  sign(secret: string, timestamp: string, body: RawBody): string | Promise<string>;
}
