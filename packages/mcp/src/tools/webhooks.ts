import type { LearnKit, WebhookSubscription, WebhookSubscriptionWithSecret } from '@learnkit/sdk';
import { checkArguments } from '../arguments';
import { type CallerContext, toolError } from '../errors';
import { DEVPLATFORM_OPERATIONS } from '../generated/tools';
import type { DevplatformOperation, JsonSchema } from '../operation-types';
import { dataResult, errorResult, type ToolResult } from '../result';
import { componentSchema, objectParts } from '../schemas';
import type { Connection, ObjectSchema, Tool } from '../tool';

/** The member of the arguments that carries each path parameter: the document's own names. */
const APP = 'sourcedApplicationId';
const SUBSCRIPTION = 'subscriptionId';

const SECRET_NOTE =
  'signingSecret is shown only here (create and rotate-secret return it; list and get never do). Store it in your secret manager now: it verifies the signature of every delivery.';

/** What each operation runs on `lk.webhooks.subscriptions`, by operationId. */
const RUN: Record<
  string,
  (lk: LearnKit, args: Record<string, unknown>, body: Record<string, unknown>) => Promise<unknown>
> = {
  createWebhookSubscription: (lk, args, body) =>
    lk.webhooks.subscriptions.create(args[APP] as string, body as never),
  listWebhookSubscriptions: (lk, args) => lk.webhooks.subscriptions.list(args[APP] as string),
  getWebhookSubscription: (lk, args) =>
    lk.webhooks.subscriptions.get(args[APP] as string, args[SUBSCRIPTION] as string),
  updateWebhookSubscription: (lk, args, body) =>
    lk.webhooks.subscriptions.update(args[APP] as string, args[SUBSCRIPTION] as string, body as never),
  deleteWebhookSubscription: (lk, args) =>
    lk.webhooks.subscriptions.delete(args[APP] as string, args[SUBSCRIPTION] as string),
  rotateWebhookSubscriptionSecret: (lk, args) =>
    lk.webhooks.subscriptions.rotateSecret(args[APP] as string, args[SUBSCRIPTION] as string),
};

/**
 * The input schema of an operation: its path parameters and the members of its body, side by side (the names
 * never collide, which the generator's table guarantees for these six), from openapi/platform.yaml.
 */
function inputSchemaOf(operation: DevplatformOperation): ObjectSchema {
  const body = operation.body ? objectParts(componentSchema(operation.body)) : undefined;
  const properties: Record<string, JsonSchema> = { ...operation.pathParameters, ...body?.properties };
  return {
    type: 'object',
    properties,
    required: [...Object.keys(operation.pathParameters), ...(body?.required ?? [])],
    additionalProperties: false,
  };
}

/** The output schema: the response's component schema; a list under `subscriptions`; none for no content. */
function outputSchemaOf(operation: DevplatformOperation): ObjectSchema | undefined {
  const { result } = operation;
  if (result.arrayOf) {
    return {
      type: 'object',
      properties: { subscriptions: { type: 'array', items: componentSchema(result.arrayOf) } },
      required: ['subscriptions'],
    };
  }
  if (!result.schema) return undefined;
  const { properties, required } = objectParts(componentSchema(result.schema));
  return { type: 'object', properties, required };
}

/** A subscription as plain JSON; the signing secret revealed, since the operation returned it for this. */
function plain(subscription: WebhookSubscription | WebhookSubscriptionWithSecret): Record<string, unknown> {
  const { signingSecret, ...rest } = subscription as WebhookSubscriptionWithSecret;
  return signingSecret === undefined ? { ...rest } : { ...rest, signingSecret: signingSecret.reveal() };
}

function resultOf(
  operation: DevplatformOperation,
  args: Record<string, unknown>,
  rawResponse: unknown,
): ToolResult {
  if (operation.result.arrayOf) {
    return dataResult({ subscriptions: (rawResponse as WebhookSubscription[]).map(plain) });
  }
  if (!operation.result.schema) {
    return {
      content: [
        {
          type: 'text',
          text: `Deleted subscription ${args[SUBSCRIPTION]} of application ${args[APP]}: no further deliveries (irreversible).`,
        },
      ],
      structuredContent: { deleted: true, subscriptionId: args[SUBSCRIPTION] },
    };
  }
  const subscription = plain(rawResponse as WebhookSubscriptionWithSecret);
  return 'signingSecret' in subscription ? dataResult(subscription, SECRET_NOTE) : dataResult(subscription);
}

/** The message of a server without a usable configuration, with the variables to set. */
export function configurationError(error: Error): ToolResult {
  return errorResult(
    `The LearnKit MCP server is not configured, so no tool can call the platform.\n${error.message}\nSet the variables in the "env" of this server in your MCP host's configuration: LEARNKIT_ENVIRONMENT (sandbox, production or staging) or LEARNKIT_BASE_URL, and either LEARNKIT_DEVELOPER_TOKEN (a developer's single-sign-on token) or LEARNKIT_CLIENT_ID and LEARNKIT_CLIENT_SECRET; then restart the server.`,
  );
}

/** The caller of a call, for errors that fit the credentials. */
export function callerOf(lk: LearnKit, tool: string, args: Record<string, unknown> = {}): CallerContext {
  return {
    tool,
    credentials: lk.credentials,
    clientId: lk.clientId,
    appId: typeof args[APP] === 'string' ? (args[APP] as string) : undefined,
    subscriptionId: typeof args[SUBSCRIPTION] === 'string' ? (args[SUBSCRIPTION] as string) : undefined,
  };
}

function webhookTool(operation: DevplatformOperation): Tool {
  const inputSchema = inputSchemaOf(operation);
  const outputSchema = outputSchemaOf(operation);
  const run = RUN[operation.operationId];
  if (!run) throw new Error(`no call for ${operation.operationId}`);
  const bodyMembers = operation.body
    ? Object.keys(objectParts(componentSchema(operation.body)).properties)
    : [];
  return {
    name: operation.tool,
    title: operation.summary,
    description: `${operation.summary} (${operation.method} ${operation.path}). ${operation.description.replace(/\s*\n\s*/g, ' ')}`,
    inputSchema,
    ...(outputSchema && { outputSchema }),
    annotations: { ...operation.annotations },
    tags: operation.tags,
    route: `${operation.method} ${operation.path}`,
    async call(connection: Connection, raw: Record<string, unknown>): Promise<ToolResult> {
      if (!connection.lk) return configurationError(connection.error);
      const { lk } = connection;
      try {
        const args = checkArguments(inputSchema, raw);
        const body = Object.fromEntries(
          bodyMembers.filter((name) => args[name] !== undefined).map((name) => [name, args[name]]),
        );
        return resultOf(operation, args, await run(lk, args, body));
      } catch (error) {
        return toolError(error, callerOf(lk, operation.tool, raw), connection.secrets);
      }
    },
  };
}

/** The six developer-tool operations as tools, in the order of the document. */
export function webhookTools(): Tool[] {
  return DEVPLATFORM_OPERATIONS.map(webhookTool);
}
