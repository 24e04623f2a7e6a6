/** A JSON Schema object, as the OpenAPI documents and the generated tables hold them. */
export type JsonSchema = { readonly [keyword: string]: unknown };

/** What a developer-tool operation answers: one component schema, a list of one, or nothing (204). */
export interface OperationResult {
  /** The success status. */
  readonly status: number;
  /** The component schema of the answer; null when there is no content. */
  readonly schema?: string | null;
  /** The component schema of each entry, when the answer is a list. */
  readonly arrayOf?: string;
}

/** One `x-devplatform-tool` operation of openapi/platform.yaml, as `gen-tools.mjs` reads it. */
export interface DevplatformOperation {
  /** The tool name the document gives (`x-devplatform-tool`). */
  readonly tool: string;
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly summary: string;
  readonly description: string;
  /** The path parameters, each as a JSON Schema with its description. */
  readonly pathParameters: Readonly<Record<string, JsonSchema>>;
  /** The component schema of the JSON body, if any. */
  readonly body?: string;
  readonly result: OperationResult;
}

/** The CASE listing behind `case_search_items`, as `gen-tools.mjs` reads it from openapi/case.yaml. */
export interface CaseSearchOperation {
  readonly operationId: string;
  readonly path: string;
  readonly summary: string;
  /** The members `search` matches (`x-search-fields`). */
  readonly searchFields: readonly string[];
  /** The query parameters, each as a JSON Schema with its description. */
  readonly queryParameters: Readonly<Record<string, JsonSchema>>;
}
