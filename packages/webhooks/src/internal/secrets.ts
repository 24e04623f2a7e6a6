import { LearnKitError } from '@learnkit/core';
import type { SigningSecret, WebhookSecret } from '../signing-secret';

/**
 * A usage error of the verification functions' own options (`secret`, `toleranceSec`): a plain `LearnKitError`, as
 * core throws for other misuse. Not a `ValidationError`: that class (with the redaction pass and zod support its
 * messages need) would not fit the web entry of `verifyWebhook` into its 2 kB budget. The text is fixed, never an
 * echoed value (a misplaced argument could be a secret).
 */
export const optionError = (option: string, problem: string): LearnKitError =>
  new LearnKitError(`Invalid ${option}: ${problem}`);

function one(secret: unknown): string {
  const value = (secret as SigningSecret | null)?.reveal?.() ?? secret;
  // `…` is in the printed (redacted) form of a SigningSecret, never in a real one.
  if (typeof value === 'string' && value && !value.includes('…')) return value;
  throw optionError('secret', "must be the subscription's signingSecret");
}

/** The secrets to try, from one secret or a rotation list; throws a LearnKitError for an unusable one. */
export function secretsOf(secret: WebhookSecret | readonly WebhookSecret[]): string[] {
  const list = Array.isArray(secret) ? secret.map(one) : [one(secret)];
  // An empty rotation list is as unusable as an empty secret.
  if (!list.length) one('');
  return list;
}

/** Why these secrets may be wrong, for the message of a signature mismatch (empty when nothing looks off). */
export const secretHints = (secrets: readonly string[]): string =>
  secrets
    .map(
      (secret) =>
        (/\s/.test(secret) ? 'A secret has whitespace. ' : '') +
        (secret.startsWith('whsec_') ? '' : 'A secret lacks the whsec_ prefix. '),
    )
    .join('');
