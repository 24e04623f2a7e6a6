import { ValidationError } from '@learnkit/sdk';
import { CASE_SEARCH_OPERATION, DEVPLATFORM_OPERATIONS, OPERATION_TOOLS } from './generated/tools';
import type { Tool } from './tool';

/**
 * Which tools a server serves (`learnkit-mcp --tools`, `createLearnKitTools({ tools })`), comma-separated or as a
 * list (docs/decisions.md#d-mcp-tool-selection):
 * - `default` (when nothing is given): the read tools and the six developer tools (webhook subscriptions);
 * - `read`: the tools that only read (GET, and the event catalogue); `write`: the others; `all`: every tool;
 * - an OpenAPI tag of the operations (`Learning Standards`, `Rostering`, `Gradebook`, ...; any case): its tools;
 * - `dynamic`: three tools instead (list the operations, describe one, call one) over the tools the other words
 *   select, or over every tool when it stands alone.
 * Several words serve what any of them selects.
 */
export type ToolSelection = string | readonly string[];

/** What a selection serves: the tools, and whether they are reached through the three dynamic tools. */
export interface Selected {
  /** Serve `learnkit_list_operations`, `learnkit_describe_operation` and `learnkit_call_operation` instead. */
  dynamic: boolean;
  /** The tools served, or reached through the dynamic tools, in the order of `all`. */
  tools: Tool[];
}

const KEYWORDS = ['default', 'read', 'write', 'all', 'dynamic'] as const;
const DEVELOPER_TOOLS = new Set(DEVPLATFORM_OPERATIONS.map((operation) => operation.tool));

/** The OpenAPI tags of every tool's operation, sorted: the tags `--tools` takes. */
export const TAGS: readonly string[] = [
  ...new Set(
    [DEVPLATFORM_OPERATIONS, [CASE_SEARCH_OPERATION], OPERATION_TOOLS].flat().flatMap((op) => op.tags),
  ),
].sort();

/** Every tag of `tools`, sorted. */
export function tagsOf(tools: readonly Tool[]): string[] {
  return [...new Set(tools.flatMap((tool) => tool.tags))].sort();
}

/** The words of a selection, or a ValidationError naming the valid ones. */
function wordsOf(choice: ToolSelection, tags: readonly string[]): string[] {
  const given = typeof choice === 'string' ? choice.split(',') : [...choice];
  const words = given.map((word) => (typeof word === 'string' ? word.trim() : word));
  const valid = `${KEYWORDS.join(', ')}, or tags of the operations (${tags.join(', ')}); several, comma-separated`;
  const issues = words
    .filter(
      (word) =>
        typeof word !== 'string' ||
        (!(KEYWORDS as readonly string[]).includes(word.toLowerCase()) &&
          !tags.some((tag) => tag.toLowerCase() === word.toLowerCase())),
    )
    .map((word) => ({
      path: ['tools'],
      message: `${JSON.stringify(word)} is not a choice of tools: give ${valid}`,
    }));
  if (words.length === 0) issues.push({ path: ['tools'], message: `is empty: give ${valid}` });
  if (issues.length > 0) throw new ValidationError(issues);
  return (words as string[]).map((word) => word.toLowerCase());
}

/** The tools `choice` selects of `all`. Throws a `ValidationError` naming the valid choices for one it does not know. */
export function selectTools(all: readonly Tool[], choice: ToolSelection = 'default'): Selected {
  const words = wordsOf(choice, tagsOf(all));
  const dynamic = words.includes('dynamic');
  const rest = words.filter((word) => word !== 'dynamic');
  if (dynamic && rest.length === 0) return { dynamic, tools: [...all] };
  const picks = (tool: Tool, word: string): boolean => {
    const readOnly = tool.annotations.readOnlyHint === true;
    if (word === 'all') return true;
    if (word === 'read') return readOnly;
    if (word === 'write') return !readOnly;
    if (word === 'default') return readOnly || DEVELOPER_TOOLS.has(tool.name);
    return tool.tags.some((tag) => tag.toLowerCase() === word);
  };
  return { dynamic, tools: all.filter((tool) => rest.some((word) => picks(tool, word))) };
}
