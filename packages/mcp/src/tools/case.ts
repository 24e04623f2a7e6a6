import type { CaseListQuery } from '@learnkit/sdk';
import { checkArguments } from '../arguments';
import { toolError } from '../errors';
import { CASE_SEARCH_OPERATION } from '../generated/tools';
import { dataResult, type ToolResult } from '../result';
import type { Connection, ObjectSchema, Tool } from '../tool';
import { callerOf, configurationError } from './webhooks';

const { queryParameters, searchFields, path, tags } = CASE_SEARCH_OPERATION;

/** The arguments: the query parameters of the CASE items listing (openapi/case.yaml), as the document has them. */
const inputSchema: ObjectSchema = {
  type: 'object',
  properties: { ...queryParameters },
  additionalProperties: false,
};

/**
 * `case_search_items`: one page of the CASE items (standards) through `lk.case.items.list`, for a model looking
 * for a standard by code or text. Needs client credentials (a developer token manages webhooks only).
 */
export function caseSearchItemsTool(): Tool {
  return {
    name: 'case_search_items',
    title: 'Search CASE items',
    description: `Searches the CASE items (standards) of the platform's competency frameworks (GET ${path}). search matches ${searchFields.join(', ')} (case-insensitive, partial); filter takes expressions such as CFItemType='Standard' or humanCodingScheme~'3.NF'; limit (default 100, at most 3000) and offset page through the results. returns one page: items, total, offset and nextOffset (null on the last page). Needs client credentials (LEARNKIT_CLIENT_ID and LEARNKIT_CLIENT_SECRET); a developer token manages webhook subscriptions only.`,
    inputSchema,
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    tags,
    route: `GET ${path}`,
    async call(connection: Connection, raw: Record<string, unknown>): Promise<ToolResult> {
      if (!connection.lk) return configurationError(connection.error);
      const { lk } = connection;
      try {
        const query = checkArguments(inputSchema, raw) as CaseListQuery;
        const page = await lk.case.items.list(query);
        return dataResult({
          items: page.data,
          total: page.total ?? null,
          offset: page.offset,
          nextOffset: page.hasNextPage() ? page.offset + page.data.length : null,
        });
      } catch (error) {
        const caller = { ...callerOf(lk, 'case_search_items'), operation: { route: `GET ${path}` } };
        return toolError(error, caller, connection.secrets);
      }
    },
  };
}
