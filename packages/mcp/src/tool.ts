import type { LearnKit } from '@learnkit/sdk';
import type { JsonSchema } from './operation-types';
import type { ToolResult } from './result';

/** An object JSON Schema, as MCP wants a tool's input and output schemas. */
export type ObjectSchema = JsonSchema & {
  /** MCP takes only object schemas for a tool's arguments and structured result. */
  type: 'object';
};

/** MCP's hints about a tool's behaviour, for hosts that ask before running a tool that writes. */
export interface ToolAnnotations {
  /** The tool only reads. */
  readOnlyHint?: boolean;
  /** The tool may destroy something (delete, replace a secret). */
  destructiveHint?: boolean;
  /** Calling it twice with the same arguments does no more than once. */
  idempotentHint?: boolean;
  /** It reaches a system outside the host (the platform). */
  openWorldHint?: boolean;
}

/** What `tools/list` shows of a tool. */
export interface ToolDefinition {
  /** The tool name (for the six developer-tool operations, the document's `x-devplatform-tool`). */
  name: string;
  /** A short human title. */
  title: string;
  /** What the tool does, for the model. */
  description: string;
  /** The JSON Schema of the arguments, taken from the OpenAPI documents. */
  inputSchema: ObjectSchema;
  /** The JSON Schema of `structuredContent`, where the document describes the response. */
  outputSchema?: ObjectSchema;
  /** Behaviour hints. */
  annotations: ToolAnnotations;
}

/** The instance a call runs on: the LearnKit client, or why there is none (a configuration error). */
export type Connection =
  | { lk: LearnKit; error?: undefined; secrets: readonly string[] }
  | { lk?: undefined; error: Error; secrets: readonly string[] };

/** A tool: its definition, what a call does, and what the `tools` choice selects it by. */
export interface Tool extends ToolDefinition {
  /** The OpenAPI tags of its operation (`--tools <tag>`, docs/decisions.md#d-mcp-tool-selection). */
  tags: readonly string[];
  /** `GET /path` of its operation; none for a tool that sends no request. */
  route?: string | undefined;
  /** Runs the tool with checked arguments. */
  call(connection: Connection, args: Record<string, unknown>): Promise<ToolResult>;
}
