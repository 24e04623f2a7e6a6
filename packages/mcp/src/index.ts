/**
 * `@learnkit/mcp`: the platform's developer tools over the Model Context Protocol, for AI assistants. The
 * `learnkit-mcp` command serves them over stdio; `createLearnKitTools` gives the same tools without a transport.
 *
 * Tools: the six webhook subscription operations of the developer-tool path (`devplatform_create_webhook_subscription`,
 * `devplatform_list_webhook_subscriptions`, `devplatform_get_webhook_subscription`,
 * `devplatform_update_webhook_subscription`, `devplatform_delete_webhook_subscription`,
 * `devplatform_rotate_webhook_subscription_secret`), `devplatform_list_event_types` and `case_search_items`.
 *
 * @example
 * // An MCP host's configuration (Claude Desktop, VS Code, ...):
 * // { "command": "npx", "args": ["-y", "@learnkit/mcp"],
 * //   "env": { "LEARNKIT_BASE_URL": "https://api.example.com", "LEARNKIT_DEVELOPER_TOKEN": "..." } }
 *
 * @packageDocumentation
 * @module \@learnkit/mcp
 */
export type { JsonSchema } from './operation-types';
export type { TextContent, ToolResult } from './result';
export { type RunningMcpServer, serveStdio } from './server';
export type { ObjectSchema, ToolAnnotations, ToolDefinition } from './tool';
export { createLearnKitTools, type LearnKitMcpOptions, type LearnKitTools } from './tools';
export { VERSION } from './version';
