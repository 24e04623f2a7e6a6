/** One text block of a tool result. */
export interface TextContent {
  /** Always `text`. */
  type: 'text';
  /** The text: JSON of the result, a note, or the error and its fix. */
  text: string;
}

/**
 * What a tool call responds, in the shape of MCP's `CallToolResult`: text for every host, the same data as
 * `structuredContent` for hosts that read it, and `isError` when the call failed (a tool error the model reads,
 * not a protocol error).
 */
export interface ToolResult {
  /** MCP results are open objects (`_meta`, members of later protocol versions). */
  [key: string]: unknown;
  /** What every host shows the model: the result as JSON text, or the error. */
  content: TextContent[];
  /** The same result as data, valid against the tool's output schema. */
  structuredContent?: Record<string, unknown>;
  /** Set when the call failed; `content` then says why and how to fix it. */
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
