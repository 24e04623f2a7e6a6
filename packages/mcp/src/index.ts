/**
 * `@learnkit/mcp`: the LearnKit platform over the Model Context Protocol, for AI assistants. The `learnkit-mcp`
 * command serves the tools over stdio; `createLearnKitTools` gives the same tools without a transport.
 *
 * Tools: one for every operation of the platform, `<family>_<resource>_<method>` (`oneroster_users_list`,
 * `rostering_linked_users_list`, `caliper_send`, ...), calling the SDK method of openapi/resources.yaml; the six
 * webhook subscription operations of the developer-tool path (`devplatform_create_webhook_subscription`, ...),
 * `devplatform_list_event_types` and `case_search_items`. `tools` (`--tools`) chooses which are served: the read
 * tools and the six developer tools by default, `read`, `write`, `all`, OpenAPI tags, or `dynamic` (three tools
 * that list, describe and call the operations).
 *
 * @example
 * // An MCP host's configuration (Claude Desktop, VS Code, ...):
 * // { "command": "npx", "args": ["-y", "@learnkit/mcp", "--tools", "read"],
 * //   "env": { "LEARNKIT_BASE_URL": "https://api.example.com", "LEARNKIT_CLIENT_ID": "...", "LEARNKIT_CLIENT_SECRET": "..." } }
 *
 * @packageDocumentation
 * @module \@learnkit/mcp
 */
export type { JsonSchema } from './operation-types';
export type { TextContent, ToolResult } from './result';
export type { ToolSelection } from './selection';
export { type RunningMcpServer, serveStdio } from './server';
export type { ObjectSchema, ToolAnnotations, ToolDefinition } from './tool';
export { createLearnKitTools, type LearnKitMcpOptions, type LearnKitTools } from './tools';
export { VERSION } from './version';
