/** A JSON Schema object, as the OpenAPI documents and the generated tables hold them. */
export type JsonSchema = { readonly [keyword: string]: unknown };

/** What a developer-tool operation responds: one component schema, a list of one, or nothing (204). */
export interface OperationResult {
  /** The success status. */
  readonly status: number;
  /** The component schema of the response; null when there is no content. */
  readonly schema?: string | null;
  /** The component schema of each entry, when the response is a list. */
  readonly arrayOf?: string;
}

/** MCP's hints of a tool, as the generator derives them from the operation (docs/decisions.md#d-mcp-hints). */
export interface OperationAnnotations {
  readonly readOnlyHint: boolean;
  readonly destructiveHint: boolean;
  readonly idempotentHint: boolean;
  readonly openWorldHint: boolean;
}

/** One `x-devplatform-tool` operation of openapi/platform.yaml, as `gen-tools.mjs` reads it. */
export interface DevplatformOperation {
  /** The tool name the document gives (`x-devplatform-tool`). */
  readonly tool: string;
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  /** The OpenAPI tags of the operation. */
  readonly tags: readonly string[];
  readonly summary: string;
  readonly description: string;
  /** The path parameters, each as a JSON Schema with its description. */
  readonly pathParameters: Readonly<Record<string, JsonSchema>>;
  /** The component schema of the JSON body, if any. */
  readonly body?: string;
  readonly result: OperationResult;
  readonly annotations: OperationAnnotations;
}

/** The CASE listing behind `case_search_items`, as `gen-tools.mjs` reads it from openapi/case.yaml. */
export interface CaseSearchOperation {
  readonly operationId: string;
  readonly path: string;
  readonly summary: string;
  /** The OpenAPI tags of the operation. */
  readonly tags: readonly string[];
  /** The members `search` matches (`x-search-fields`). */
  readonly searchFields: readonly string[];
  /** The query parameters, each as a JSON Schema with its description. */
  readonly queryParameters: Readonly<Record<string, JsonSchema>>;
}

/**
 * One operation of openapi/resources.yaml as a tool that calls its SDK method, as `gen-tools.mjs` writes it
 * (docs/decisions.md#d-mcp-tool-per-operation).
 */
export interface OperationTool {
  /** The tool name: `<family>_<resource>_<method>` in snake_case. */
  readonly name: string;
  readonly operationId: string;
  /** The document of the operation, whose component schemas the names below are. */
  readonly document: 'case' | 'platform' | 'oneroster';
  /** The HTTP method and path template. */
  readonly method: string;
  readonly path: string;
  /** The OpenAPI tags of the operation. */
  readonly tags: readonly string[];
  /** The SDK method, as a path below a `LearnKit` instance (`oneroster.gradebook.results.forStudentInClass`). */
  readonly call: string;
  /**
   * How the method is called from the tool's arguments, in order: `path.<name>`, `body`, `body.<member>`, `query`
   * (an object of the query parameters given), `options.<name>` (gathered into the last argument).
   */
  readonly args: readonly string[];
  /** The document's summary, as a short title. */
  readonly title: string;
  /** The map's summary and description. */
  readonly summary: string;
  readonly description?: string;
  /** The OAuth scope the operation needs, where it names one. */
  readonly scope?: string;
  readonly annotations: OperationAnnotations;
  /** A listing: paged by `offset`, or responding its whole list at once. */
  readonly paging?: 'offset' | 'whole';
  /** The members `search` matches (`x-search-fields`). */
  readonly searchFields?: readonly string[];
  /** The path parameters, each as a JSON Schema with its description, under the document's names. */
  readonly pathParams: Readonly<Record<string, JsonSchema>>;
  /** The query parameters, as keys of `PARAMETERS`, and the names of the required ones. */
  readonly query?: readonly string[];
  readonly requiredQuery?: readonly string[];
  /** Arguments of the call options that are no parameter of the document (a parent's session token). */
  readonly options?: Readonly<Record<string, JsonSchema>>;
  /** The body: the component schema of what the SDK method takes, and the member the SDK sends it inside. */
  readonly body?: {
    readonly schema: string;
    readonly required: boolean;
    readonly wrap?: string;
    /** The method takes a list of such objects (sent as the member `wrap` names). */
    readonly list?: true;
    /** The members the SDK method takes one by one (`args` of `body.<member>`), and the required ones. */
    readonly members?: readonly string[];
    readonly requiredMembers?: readonly string[];
  };
  /**
   * The response: its component schema, the member the SDK method resolves with (the page of a listing), and
   * whether `fields` can leave members out.
   */
  readonly output?: { readonly schema: string; readonly member?: string; readonly partial?: boolean };
  /** The SDK's names of arguments it checks, where they differ from the tool's (`userId` -> `sourcedId`). */
  readonly renames?: Readonly<Record<string, string>>;
}
