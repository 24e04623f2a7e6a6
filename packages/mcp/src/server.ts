import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { createLearnKitTools, type LearnKitMcpOptions, type LearnKitTools } from './tools';
import { CALL_OPERATION, DESCRIBE_OPERATION, LIST_OPERATIONS } from './tools/dynamic';
import { VERSION } from './version';

/** A running MCP server. */
export interface RunningMcpServer {
  /** Which credentials its tools use, or `unconfigured`. */
  readonly credentials: LearnKitTools['credentials'];
  /** Stops serving and closes the transport. */
  close(): Promise<void>;
}

/** What the server tells the host about itself, for the model. */
function instructions(tools: LearnKitTools): string {
  const how =
    tools.credentials === 'developer'
      ? "This server holds a developer's single-sign-on token: the devplatform_* webhook tools act on the developer-tool path (subscriptions are owned by the application's own auth client and invisible to client-credentials callers); every other platform tool needs client credentials."
      : tools.credentials === 'client'
        ? "This server holds client credentials: the devplatform_* webhook tools see only this client's own subscriptions."
        : 'This server is not configured (no LEARNKIT_* variables): its platform tools respond with an error that names the variables to set.';
  const what = tools.dynamic
    ? `LearnKit platform tools: ${LIST_OPERATIONS} lists the operations of the platform (CASE standards, OneRoster rostering and gradebook, rostering, applications, insights, webhooks, Caliper, ...), ${DESCRIBE_OPERATION} gives one's arguments, ${CALL_OPERATION} calls it.`
    : "LearnKit platform tools: one tool per operation of the platform (CASE standards, OneRoster rostering and gradebook, rostering, applications, insights, webhook subscriptions with sourcedApplicationId the application's id, Caliper, ...); listings respond with one page with nextOffset.";
  return `${what} ${how}`;
}

/**
 * The MCP server of the LearnKit tools on a low-level `Server` of the MCP SDK: `tools/list` publishes the JSON
 * Schemas taken from the OpenAPI documents as they are (`McpServer.registerTool` takes zod schemas and publishes
 * its own rendering of them; docs/decisions.md#d-mcp-tool-schemas). Exported for the tests, which connect the
 * MCP SDK's client to it in memory; the package's index does not export it.
 */
export function createServer(tools: LearnKitTools): Server {
  // The SDK marks `Server` "deprecated: use McpServer ... Only use Server for advanced use cases": serving JSON
  // Schemas as written, not zod's rendering of them, is such a case.
  const server = new Server(
    { name: 'learnkit', title: 'LearnKit platform tools', version: VERSION },
    { capabilities: { tools: {} }, instructions: instructions(tools) },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [...tools.definitions] }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name, arguments: args } = request.params;
    if (!tools.definitions.some((tool) => tool.name === name)) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `Unknown tool "${name}". The tools are: ${tools.definitions.map((tool) => tool.name).join(', ')}.`,
      );
    }
    return tools.call(name, args ?? {});
  });
  return server;
}

/**
 * Serves the LearnKit tools over MCP's stdio transport (what the `learnkit-mcp` command does): JSON-RPC on
 * stdin and stdout; nothing else is written to stdout.
 *
 * @example
 * import { serveStdio } from '@learnkit/mcp';
 *
 * await serveStdio(); // LEARNKIT_BASE_URL, and LEARNKIT_DEVELOPER_TOKEN or LEARNKIT_CLIENT_ID/LEARNKIT_CLIENT_SECRET
 */
export async function serveStdio(options: LearnKitMcpOptions = {}): Promise<RunningMcpServer> {
  return serveToolsOnStdio(createLearnKitTools(options));
}

/** Serves `tools` over stdio: {@link serveStdio} for tools already built (the command builds them first). */
export async function serveToolsOnStdio(tools: LearnKitTools): Promise<RunningMcpServer> {
  const server = createServer(tools);
  await server.connect(new StdioServerTransport());
  return { credentials: tools.credentials, close: () => server.close() };
}
