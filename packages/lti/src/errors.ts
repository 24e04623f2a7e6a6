import { LearnKitError } from '@learnkit/core';

/**
 * Why a launch was refused. The same words in TypeScript and Python (`learnkit.lti`), so a partner's logs and tests
 * read alike in both (docs/decisions.md#d-lti-reasons).
 */
export type LaunchVerificationReason =
  | 'expired'
  | 'not_yet_valid'
  | 'wrong_issuer'
  | 'wrong_audience'
  | 'bad_signature'
  | 'algorithm_not_allowed'
  | 'replayed'
  | 'unknown_key'
  | 'key_set_unreachable'
  | 'malformed'
  | 'missing_claim';

/** Every reason, in the order the issue lists them. */
export const LAUNCH_VERIFICATION_REASONS: readonly LaunchVerificationReason[] = Object.freeze([
  'expired',
  'not_yet_valid',
  'wrong_issuer',
  'wrong_audience',
  'bad_signature',
  'algorithm_not_allowed',
  'replayed',
  'unknown_key',
  'key_set_unreachable',
  'malformed',
  'missing_claim',
]);

/**
 * A launch token was refused; `reason` says which check. The message is written from fixed text and the verifier's
 * own settings, never from a claim of the refused token, so it is safe to log (docs/decisions.md#d-lti-no-claims-logged).
 *
 * @example
 * try { await verifier.verify(idToken) } catch (e) { if (e instanceof LaunchVerificationError) console.warn(e.reason) }
 */
export class LaunchVerificationError extends LearnKitError {
  /** @internal */
  static override readonly brandName: string = 'LaunchVerificationError';
  /** Which check failed. */
  readonly reason: LaunchVerificationReason;

  constructor(reason: LaunchVerificationReason, message: string, options?: { cause?: unknown }) {
    super(`LTI launch refused (${reason}): ${message}`, options);
    this.reason = reason;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), reason: this.reason };
  }
}
