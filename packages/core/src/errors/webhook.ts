import { LearnKitError } from './base';

/** Why a webhook delivery was refused. */
export type WebhookVerificationReason =
  | 'missing_signature'
  | 'missing_timestamp'
  | 'invalid_timestamp'
  | 'timestamp_too_old'
  | 'timestamp_in_future'
  | 'malformed_signature'
  | 'signature_mismatch'
  | 'body_not_raw'
  | 'invalid_payload';

/**
 * A webhook delivery failed verification; `reason` says which check.
 *
 * The message is used as given, without a redaction pass: the SDK writes it from fixed text and numbers it
 * computed (never a secret, a header value or the body), and leaving the redactor out keeps the browser bundle of
 * `verifyWebhook` small. Code that builds one itself must keep secrets out of the message likewise.
 *
 * @example
 * catch (e) { if (e instanceof WebhookVerificationError && e.reason === 'timestamp_too_old') ... }
 */
export class WebhookVerificationError extends LearnKitError {
  /** @internal */
  static override readonly brandName: string = 'WebhookVerificationError';
  /** Which check failed. */
  readonly reason: WebhookVerificationReason;

  constructor(reason: WebhookVerificationReason, message?: string) {
    super(message ?? `Webhook verification failed: ${reason}`);
    this.reason = reason;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), reason: this.reason };
  }
}
