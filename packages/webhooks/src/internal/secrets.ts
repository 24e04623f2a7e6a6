import { ValidationError } from '@learnkit/core';
import type { WebhookSecret } from '../signing-secret';

function one(secret: unknown): string {
  const value =
    typeof (secret as { reveal?: unknown } | null)?.reveal === 'function'
      ? (secret as { reveal(): unknown }).reveal()
      : secret;
  if (typeof value === 'string' && value && !value.includes('…')) return value;
  const error = new ValidationError([
    {
      path: ['secret'],
      message: value
        ? 'is a redacted SigningSecret: pass it as returned, or .reveal()'
        : "must be the subscription's signingSecret",
    },
  ]);
  // Core's redaction would eat the word after "secret:"; this text holds no secret.
  error.message = `Invalid input: the secret option ${error.issues[0]?.message}`;
  throw error;
}

/** The secrets to try, from one secret or a rotation list; throws a ValidationError for an unusable one. */
export function secretsOf(secret: WebhookSecret | readonly WebhookSecret[]): string[] {
  const list = Array.isArray(secret) ? secret.map(one) : [one(secret)];
  return list.length ? list : [one('')];
}

/** Why these secrets may be wrong, for the message of a signature mismatch (empty when nothing looks off). */
export function secretHints(secrets: readonly string[]): string {
  let hints = '';
  for (const secret of secrets) {
    if (/\s/.test(secret)) hints += 'A secret has whitespace (a pasted newline?): trim it. ';
    if (!secret.startsWith('whsec_'))
      hints += 'A secret lacks the whsec_ prefix: pass the whole signingSecret, prefix included. ';
  }
  return hints;
}
