import type { LearnKit } from '@learnkit/sdk';
import type { Print } from './output';

/** What the subscription steps did. */
export interface SubscriptionResult {
  id: string;
  /** Subscriptions listed right after create. */
  listed: number;
  /** Status after the pause. */
  paused: string;
  /** Whether rotation gave a new secret. */
  rotated: boolean;
  /** Subscriptions left after delete. */
  remaining: number;
  /** One line saying what the step did. */
  summary: string;
}

/**
 * Manage a subscription: create (the only response with the signing secret, besides rotate), list, pause,
 * rotate the secret, delete.
 */
export async function manageSubscription(
  lk: LearnKit,
  print: Print,
  appId: string,
  url: string,
): Promise<SubscriptionResult> {
  const subs = lk.webhooks.subscriptions;
  const created = await subs.create(appId, { url, eventTypes: ['enrollment.created', 'user.created'] });
  // The secret prints as whsec_…abcd; store created.signingSecret.reveal() in your secret manager.
  print(
    `created ${created.id} for ${created.eventTypes.join(', ')} -> ${created.url} (secret ${created.signingSecret})`,
  );
  const listed = await subs.list(appId);
  print(`listed: ${listed.length} subscription(s) of ${appId}`);
  const paused = await subs.update(appId, created.id, { status: 'paused' });
  print(`paused: status ${paused.status}`);
  const rotated = await subs.rotateSecret(appId, created.id);
  const changed = rotated.signingSecret.reveal() !== created.signingSecret.reveal();
  print(`rotated: new secret ${rotated.signingSecret} (the old one verifies during the rotation window)`);
  await subs.delete(appId, created.id);
  const remaining = (await subs.list(appId)).filter((s) => s.id === created.id).length;
  print(`deleted: ${remaining === 0 ? 'gone from the list' : 'still listed!'}`);
  return {
    id: created.id,
    listed: listed.length,
    paused: paused.status,
    rotated: changed,
    remaining,
    summary: 'created, listed, paused, rotated, deleted',
  };
}
