import { LearnKit } from '@learnkit/sdk';
import { errorResult, type ToolResult } from './result';
import type { Connection, Tool, ToolDefinition } from './tool';
import { caseSearchItemsTool } from './tools/case';
import { listEventTypesTool } from './tools/catalogue';
import { webhookTools } from './tools/webhooks';

/** Options of {@link createLearnKitTools} and `serveStdio`. */
export interface LearnKitMcpOptions {
  /**
   * The client the tools call the platform with. Default: `new LearnKit({ env })`, which reads
   * `LEARNKIT_BASE_URL` and either `LEARNKIT_DEVELOPER_TOKEN` or `LEARNKIT_CLIENT_ID` and `LEARNKIT_CLIENT_SECRET`.
   */
  lk?: LearnKit | undefined;
  /** Where the `LEARNKIT_*` variables are read when `lk` is not given. Default: `process.env`. */
  env?: Readonly<Record<string, string | undefined>> | undefined;
}

/** The tools, callable without any MCP transport: what the `learnkit-mcp` server serves. */
export interface LearnKitTools {
  /** What `tools/list` answers: names, descriptions, input and output JSON Schemas, hints. */
  readonly definitions: readonly ToolDefinition[];
  /**
   * Which credentials the tools use (`developer` token or `client` credentials), or `unconfigured` when the
   * environment gave none (every platform tool then answers an error that names the variables to set).
   */
  readonly credentials: 'client' | 'developer' | 'unconfigured';
  /**
   * Runs a tool. Never throws for a failure of the call: a refused or failed call is a result with `isError`
   * whose text says the fix, without any secret.
   */
  call(name: string, args?: Record<string, unknown>): Promise<ToolResult>;
}

/** The values of the environment that must never appear in a tool's answer. */
function secretsOf(env: Readonly<Record<string, string | undefined>>): string[] {
  return [env.LEARNKIT_CLIENT_SECRET, env.LEARNKIT_DEVELOPER_TOKEN].filter(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
}

function connect(options: LearnKitMcpOptions): Connection {
  const env = options.env ?? (globalThis.process?.env as Record<string, string | undefined>) ?? {};
  const secrets = secretsOf(env);
  if (options.lk) return { lk: options.lk, secrets };
  try {
    return { lk: new LearnKit({ env }), secrets };
  } catch (error) {
    return { error: error as Error, secrets };
  }
}

/**
 * The LearnKit developer tools: the six webhook subscription operations of the developer-tool path
 * (`devplatform_*`, schemas from openapi/platform.yaml), `devplatform_list_event_types` and `case_search_items`.
 *
 * @example
 * import { createLearnKitTools } from '@learnkit/mcp';
 *
 * const tools = createLearnKitTools(); // LEARNKIT_BASE_URL and LEARNKIT_DEVELOPER_TOKEN
 * const result = await tools.call('devplatform_list_webhook_subscriptions', { sourcedApplicationId: 'app-1' });
 */
export function createLearnKitTools(options: LearnKitMcpOptions = {}): LearnKitTools {
  const connection = connect(options);
  const tools: Tool[] = [...webhookTools(), listEventTypesTool(), caseSearchItemsTool()];
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const definitions = tools.map(({ call: _call, ...definition }) => definition);
  return {
    definitions,
    credentials: connection.lk ? connection.lk.credentials : 'unconfigured',
    async call(name, args = {}) {
      const tool = byName.get(name);
      if (!tool)
        return errorResult(`Unknown tool "${name}". The tools are: ${[...byName.keys()].join(', ')}.`);
      return tool.call(connection, args);
    },
  };
}
