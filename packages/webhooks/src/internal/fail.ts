import { WebhookVerificationError, type WebhookVerificationReason } from '@learnkit/core';

/**
 * Throws `WebhookVerificationError(reason)` with the message `Webhook verification failed: <reason><detail>`. Every
 * detail is fixed text plus numbers the SDK computed: none can hold a secret, a header value or the body.
 */
export const fail = (reason: WebhookVerificationReason, detail = ''): never => {
  throw new WebhookVerificationError(reason, `Webhook verification failed: ${reason}${detail}`);
};
