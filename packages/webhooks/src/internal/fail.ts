import { WebhookVerificationError } from '@learnkit/core';
import type { WebhookVerificationReason } from '@learnkit/core/internal';

/**
 * Throws `WebhookVerificationError(reason)` with the message `Webhook verification failed: <reason><detail>`. Every
 * detail is fixed text plus numbers the SDK computed: none can hold a secret, a header value or the body. Without a
 * detail the class's own message is that text already (one copy of it in the web bundle).
 */
export const fail = (reason: WebhookVerificationReason, detail?: string): never => {
  throw new WebhookVerificationError(reason, detail && `Webhook verification failed: ${reason}${detail}`);
};
