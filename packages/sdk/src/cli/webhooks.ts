import type { WebhookSubscription, WebhookSubscriptionWithSecret } from '@learnkit/webhooks';
import type { CommandContext } from './context';
import { CliError, EXIT } from './exit-codes';
import { table } from './output';

/** `--event a --event b,c` as `['a', 'b', 'c']`. */
function eventTypes(value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  return (value as string[])
    .flatMap((entry) => entry.split(','))
    .map((type) => type.trim())
    .filter(Boolean);
}

/** A subscription as JSON: the signing secret revealed only when the operation returned one. */
function plain(subscription: WebhookSubscription | WebhookSubscriptionWithSecret): Record<string, unknown> {
  const { signingSecret, ...rest } = subscription as WebhookSubscriptionWithSecret;
  return signingSecret === undefined ? { ...rest } : { ...rest, signingSecret: signingSecret.reveal() };
}

function show(ctx: CommandContext, headline: string, subscription: WebhookSubscription): void {
  const { out } = ctx;
  const value = plain(subscription);
  if (out.json) {
    out.data(value);
    return;
  }
  out.out(headline);
  const rows: string[][] = [
    ['  url', subscription.url],
    ['  event types', subscription.eventTypes.join(', ')],
    ['  status', subscription.status],
    ['  created', subscription.dateCreated],
  ];
  if (typeof value.signingSecret === 'string') rows.push(['  signing secret', value.signingSecret]);
  for (const line of table(rows)) out.out(line);
  if (typeof value.signingSecret === 'string') {
    out.note(
      out.styleErr(
        'yellow',
        'Store the signing secret now: only create and rotate-secret show it (list and get never do).',
      ),
    );
  }
}

/** `learnkit webhooks list|get|create|update|delete|rotate-secret APP_ID ...`. */
export async function webhooks(ctx: CommandContext, action: string): Promise<void> {
  const { out, args, options } = ctx;
  const subscriptions = ctx.lk().webhooks.subscriptions;
  const app = args.APP_ID as string;
  const id = args.SUBSCRIPTION_ID as string;
  switch (action) {
    case 'list': {
      const list = await subscriptions.list(app);
      if (out.json) {
        out.data(list.map(plain));
        return;
      }
      if (list.length === 0) {
        out.out(`No subscriptions of ${app} owned by this caller.`);
        return;
      }
      const rows = list.map((s) => [s.id, s.status, s.url, s.eventTypes.join(',')]);
      for (const line of table([['ID', 'STATUS', 'URL', 'EVENT TYPES'], ...rows])) out.out(line);
      return;
    }
    case 'get':
      show(ctx, `Subscription ${id}`, await subscriptions.get(app, id));
      return;
    case 'create': {
      const types = eventTypes(options.event);
      if (options.url === undefined || types === undefined) {
        throw new CliError(
          EXIT.usage,
          'webhooks create needs --url https://... and at least one --event TYPE (learnkit events lists them)',
        );
      }
      const created = await subscriptions.create(app, {
        url: options.url as string,
        eventTypes: types as never,
      });
      show(ctx, `Created subscription ${created.id}`, created);
      return;
    }
    case 'update': {
      const patch = {
        ...(options.url !== undefined && { url: options.url as string }),
        ...(options.event !== undefined && { eventTypes: eventTypes(options.event) as never }),
        ...(options.status !== undefined && { status: options.status as 'active' }),
      };
      if (Object.keys(patch).length === 0) {
        throw new CliError(EXIT.usage, 'webhooks update needs --url, --event or --status active|paused');
      }
      show(ctx, `Updated subscription ${id}`, await subscriptions.update(app, id, patch));
      return;
    }
    case 'delete':
      await subscriptions.delete(app, id);
      if (out.json) out.data({ deleted: true, id });
      else out.out(`Deleted subscription ${id}: no further deliveries.`);
      return;
    case 'rotate-secret': {
      const rotated = await subscriptions.rotateSecret(app, id);
      show(ctx, `Rotated the signing secret of ${id}`, rotated);
      if (!out.json) {
        out.note('The old secret keeps verifying for a rotation window: verify with both until it ends.');
      }
      return;
    }
    default:
      throw new CliError(EXIT.usage, `unknown webhooks command ${action}`);
  }
}
