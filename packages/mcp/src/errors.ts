import {
  ApiError,
  AuthenticationError,
  ConnectionError,
  LearnKitError,
  NotFoundError,
  PermissionDeniedError,
  TimeoutError,
  ValidationError,
} from '@learnkit/sdk';
import { errorResult, type ToolResult } from './result';

/** Who is calling, for advice that fits the credentials (docs/decisions.md#d-developer-token). */
export interface CallerContext {
  /** The tool that failed. */
  tool: string;
  /** `developer` (a developer's token) or `client` (client credentials). */
  credentials: 'client' | 'developer';
  /** The client id on the client-credentials path (not a secret). */
  clientId?: string | undefined;
  /** The application of the call, when it has one. */
  appId?: string | undefined;
  /** The subscription of the call, when it has one. */
  subscriptionId?: string | undefined;
  /**
   * The operation of a tool that is no webhook subscription tool: its route and the scope it needs, for advice
   * about that operation rather than about webhook grants (docs/decisions.md#d-mcp-tool-per-operation).
   */
  operation?:
    | {
        route: string;
        scope?: string | undefined;
        /** The argument that is the call's bearer token instead of the server's credentials (`parentSession`). */
        token?: string | undefined;
      }
    | undefined;
}

const LIST_TOOL = 'devplatform_list_webhook_subscriptions';

/** The SDK's advice for types newer than it, an option a tool caller cannot pass: replaced by what it can do. */
const NEWER_TYPES = /; for a type newer than the SDK pass \{ allowUnknownEventTypes: true \}/;
const CATALOGUE_TOOL = '; devplatform_list_event_types lists the catalogue';

/** ` (platform: "...", request id req_...)`: what the platform said, for support. */
function platformSays(error: ApiError): string {
  const parts = [
    error.description && `the platform said: ${error.description}`,
    error.requestId && `request id ${error.requestId}`,
  ].filter(Boolean);
  return parts.length > 0 ? ` (${parts.join('; ')})` : '';
}

function forbidden(error: ApiError, caller: CallerContext): string {
  if (caller.operation) {
    const { route, scope } = caller.operation;
    const needs = scope ? `the scope ${scope}` : 'a permission these credentials lack';
    return `${caller.tool} was refused (403)${platformSays(error)}: ${route} needs ${needs}. Scopes and grants are issued by the platform team: ask them, or configure this server with credentials that hold it.`;
  }
  const app = caller.appId ?? '<application id>';
  const fix =
    caller.credentials === 'developer'
      ? `Your developer account needs the user grant app:manage_webhooks on application ${app}; the developer who registered the application holds it, so ask them or the platform team to grant it to you.`
      : `The tenant of client ${caller.clientId ?? '(this client)'} needs the grant app:manage_webhooks on urn:app:${app}, and the token the webhooks scope of this operation (webhooks.read, webhooks.write or webhooks.delete). Grants and scopes are issued by the platform team: ask them. Or use a developer token (LEARNKIT_DEVELOPER_TOKEN) of a developer who holds the grant.`;
  return `${caller.tool} was refused (403): missing the grant app:manage_webhooks or a scope${platformSays(error)}. ${fix}`;
}

function notFound(error: ApiError, caller: CallerContext): string {
  if (caller.subscriptionId === undefined) {
    return `${caller.tool}: not found (404)${platformSays(error)}. Check the id.`;
  }
  const other =
    caller.credentials === 'developer'
      ? "client credentials (subscriptions made with a developer token belong to the application's own auth client)"
      : 'a developer token or another auth client';
  return `${caller.tool}: subscription ${caller.subscriptionId} of application ${caller.appId} was not found (404)${platformSays(error)}. It does not exist, was deleted, or is owned by another auth client: one made with ${other} is invisible to this caller. Call ${LIST_TOOL} to see the subscriptions this caller owns.`;
}

function unauthorized(caller: CallerContext): string {
  return caller.credentials === 'developer'
    ? `${caller.tool}: the platform refused the developer token (401): it expired or is not valid for this platform. Sign in again, put the new token in LEARNKIT_DEVELOPER_TOKEN of this MCP server's configuration, and restart the server.`
    : `${caller.tool}: the platform refused the client credentials (401). Check LEARNKIT_CLIENT_ID, LEARNKIT_CLIENT_SECRET and LEARNKIT_BASE_URL (sandbox and production have separate credentials) in this MCP server's configuration, and restart the server.`;
}

function invalid(error: ValidationError, caller: CallerContext): string {
  if (error.issues.some((issue) => issue.path[0] === 'developerToken')) {
    return `${caller.tool} needs client credentials, and this server holds a developer token, which manages webhook subscriptions only. Run a second server with LEARNKIT_CLIENT_ID and LEARNKIT_CLIENT_SECRET (and no LEARNKIT_DEVELOPER_TOKEN) for this tool.`;
  }
  const lines = error.issues.map(
    (issue) =>
      `- ${issue.path.join('.') || '(arguments)'}: ${issue.message.replace(NEWER_TYPES, CATALOGUE_TOOL)}`,
  );
  if (lines.length === 0) return `${caller.tool}: ${error.message}`;
  return `${caller.tool}: the arguments were refused before anything was sent:\n${lines.join('\n')}`;
}

/** The message of `error` as a tool error that says the fix; nothing of `secrets` survives in it. */
export function toolError(error: unknown, caller: CallerContext, secrets: readonly string[]): ToolResult {
  return errorResult(redact(describe(error, caller), secrets));
}

function describe(error: unknown, caller: CallerContext): string {
  if (error instanceof ValidationError) return invalid(error, caller);
  if (error instanceof AuthenticationError && caller.operation?.token) {
    return `${caller.tool}: the platform refused the ${caller.operation.token} given (401): it expired or is not valid for this platform. Give a current one.`;
  }
  if (error instanceof AuthenticationError) return unauthorized(caller);
  if (error instanceof PermissionDeniedError) return forbidden(error, caller);
  if (error instanceof NotFoundError) return notFound(error, caller);
  if (error instanceof ApiError && error.status === 429) {
    return `${caller.tool}: the platform is limiting the rate of these credentials (429), still after the retries${platformSays(error)}. Wait a minute, then call again.`;
  }
  if (error instanceof ApiError && error.status < 500 && caller.operation) {
    return `${caller.tool}: the platform refused the arguments (${error.status})${platformSays(error)}. Fix what it names (the tool's input schema and description say what it takes), then call again.`;
  }
  if (error instanceof ApiError && error.status === 400) {
    return `${caller.tool}: the platform refused the arguments (400)${platformSays(error)}. A subscription URL must be https:// with a domain name (no http://, IP address or user:pass@), and eventTypes must hold at least one type of devplatform_list_event_types.`;
  }
  if (error instanceof ApiError) {
    return `${caller.tool}: the platform responded with ${error.status}${platformSays(error)}. ${error.status >= 500 ? 'It failed on its side after the retries; try again later and quote the request id to support.' : error.message}`;
  }
  if (error instanceof ConnectionError || error instanceof TimeoutError) {
    return `${caller.tool}: no response from the platform (${error.name}: ${error.message}). Check LEARNKIT_BASE_URL in this MCP server's configuration and that the platform is reachable.`;
  }
  if (error instanceof LearnKitError) return `${caller.tool}: ${error.message}`;
  return `${caller.tool} failed: ${error instanceof Error ? error.message : String(error)}`;
}

/** `text` with every one of `secrets` (and anything shaped like a signing secret) replaced. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  }
  return out.replace(/whsec_[A-Za-z0-9+/=_-]+/g, 'whsec_[redacted]');
}
