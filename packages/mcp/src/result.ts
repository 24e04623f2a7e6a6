/** One text block of a tool result. */
export interface TextContent {
  type: 'text';
  text: string;
}

/**
 * What a tool call answers, in the shape of MCP's `CallToolResult`: text for every host, the same data as
 * `structuredContent` for hosts that read it, and `isError` when the call failed (a tool error the model reads,
 * not a protocol error).
 */
export interface ToolResult {
  [key: string]: unknown;
  content: TextContent[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** A successful result: `data` as JSON text and as structured content, then any notes. */
export function dataResult(data: Record<string, unknown>, ...notes: string[]): ToolResult {
  return {
    content: [
      { type: 'text', text: JSON.stringify(data, null, 2) },
      ...notes.map((text) => ({ type: 'text' as const, text })),
    ],
    structuredContent: data,
  };
}

/** A failed call: the text says what went wrong and how to fix it. */
export function errorResult(text: string): ToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}
