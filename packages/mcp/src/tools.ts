import { LearnKit } from '@learnkit/sdk';
import { errorResult, type ToolResult } from './result';
import { selectTools, type ToolSelection } from './selection';
import type { Connection, Tool, ToolDefinition } from './tool';
import { caseSearchItemsTool } from './tools/case';
import { listEventTypesTool } from './tools/catalogue';
import { dynamicTools } from './tools/dynamic';
import { operationTools } from './tools/operations';
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
  /**
   * Which tools are served: `default` (the read tools and the six developer tools), `read`, `write`, `all`, OpenAPI
   * tags of the operations (`Learning Standards`, `Gradebook`, ...), several comma-separated or as a list; or
   * `dynamic`, three tools that list, describe and call the operations the other words choose (every one alone).
   */
  tools?: ToolSelection | undefined;
}

/** The tools, callable without any MCP transport: what the `learnkit-mcp` server serves. */
export interface LearnKitTools {
  /** What `tools/list` responds: names, descriptions, input and output JSON Schemas, hints. */
  readonly definitions: readonly ToolDefinition[];
  /**
   * Which credentials the tools use (`developer` token or `client` credentials), or `unconfigured` when the
   * environment gave none (every platform tool then returns an error that names the variables to set).
   */
  readonly credentials: 'client' | 'developer' | 'unconfigured';
  /** The three dynamic tools are served (`tools: 'dynamic'`) instead of one tool per operation. */
  readonly dynamic: boolean;
  /**
   * Runs a tool. Never throws for a failure of the call: a refused or failed call is a result with `isError`
   * whose text says the fix, without any secret.
   */
  call(name: string, args?: Record<string, unknown>): Promise<ToolResult>;
}

/** The values of the environment that must never appear in a tool's response. */
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

/** Every tool, in the order `all` serves them: the developer tools first, then every operation of the map. */
function everyTool(): Tool[] {
  return [...webhookTools(), listEventTypesTool(), caseSearchItemsTool(), ...operationTools()];
}

/**
 * The LearnKit tools: one for every operation of the platform (`<family>_<resource>_<method>`, calling the SDK
 * method of openapi/resources.yaml), the six webhook subscription tools of the developer-tool path
 * (`devplatform_*`), `devplatform_list_event_types` and `case_search_items`. `tools` chooses which are served
 * (default: the read tools and the six developer tools), or `dynamic` for three tools that list, describe and
 * call the operations.
 *
 * @throws ValidationError when `tools` names no choice; the message names the valid ones.
 *
 * @example
 * import { createLearnKitTools } from '@learnkit/mcp';
 *
 * const tools = createLearnKitTools({ tools: 'Rostering,Gradebook' }); // LEARNKIT_* variables for credentials
 * const result = await tools.call('oneroster_users_list', { search: 'lovelace', limit: 5 });
 */
export function createLearnKitTools(options: LearnKitMcpOptions = {}): LearnKitTools {
  return buildTools(options).tools;
}

/**
 * {@link createLearnKitTools}, with the tools as they are built (their routes and tags, for the command): those it
 * serves, and those the selection chose (what the dynamic tools reach; the same tools otherwise).
 */
export function buildTools(options: LearnKitMcpOptions = {}): {
  tools: LearnKitTools;
  served: readonly Tool[];
  selected: readonly Tool[];
} {
  const selected = selectTools(everyTool(), options.tools);
  const connection = connect(options);
  const served = selected.dynamic ? dynamicTools(selected.tools) : selected.tools;
  const byName = new Map(served.map((tool) => [tool.name, tool]));
  const definitions = served.map(
    ({ call: _call, tags: _tags, route: _route, ...definition }): ToolDefinition => definition,
  );
  const tools: LearnKitTools = {
    definitions,
    dynamic: selected.dynamic,
    credentials: connection.lk ? connection.lk.credentials : 'unconfigured',
    async call(name, args = {}) {
      const tool = byName.get(name);
      if (!tool)
        return errorResult(`Unknown tool "${name}". The tools are: ${[...byName.keys()].join(', ')}.`);
      return tool.call(connection, args);
    },
  };
  return { tools, served, selected: selected.tools };
}
