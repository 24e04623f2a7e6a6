import { allowIssues, checkMethodNotAllowed } from './allow.js';
import {
  basePathOf,
  CONTROL_DOCUMENT,
  DEFAULT_OPENAPI_DIR,
  type OpenApiDocument,
  readDocuments,
  resolveLocal,
} from './documents.js';
import { findOperation, indexOperations, type Operation } from './operations.js';
import { type ComponentDefs, coerceScalar, readQueryValue, SchemaSet, sharedSchemas } from './schema-set.js';
import {
  type ContractIssue,
  type ContractResult,
  formatResult,
  type RequestLike,
  type ResponseLike,
  toRequestLike,
  toResponseLike,
} from './types.js';
import { fileIssues, isFileMedia, mediaType, parseBody, toIssues } from './values.js';

type Media = { schema?: unknown };
/** What a header declaration says: whether it must be present, and its schema. */
type HeaderSpec = { required?: boolean | undefined; schema?: unknown };

/** Checks HTTP exchanges and webhook deliveries against the platform's OpenAPI documents. */
export class Contract {
  readonly #documents: Map<string, OpenApiDocument>;
  readonly #operations: Operation[];
  readonly #schemas: SchemaSet;

  /**
   * A checker of `documents`. `schemas` is the compiled set to validate with: by default one of its own;
   * `loadContract()` gives the workspace's shared one, which the mock uses too (docs/decisions.md#d-one-compiled-schema-set).
   */
  constructor(documents: Map<string, OpenApiDocument>, schemas: SchemaSet = new SchemaSet()) {
    this.#documents = documents;
    this.#operations = indexOperations(documents);
    this.#schemas = schemas;
    for (const [name, document] of documents) {
      schemas.define(name, () => (document.components?.schemas ?? {}) as ComponentDefs);
    }
  }

  /** The compiled schema set this checker validates with. */
  get schemas(): SchemaSet {
    return this.#schemas;
  }

  /** Every operationId, across the documents. */
  operationIds(): string[] {
    return this.#operations.map((operation) => operation.operationId);
  }

  /** Every event type described under the top-level `webhooks` of the documents. */
  webhookEventTypes(): string[] {
    return [...this.#documents.values()].flatMap((document) => Object.keys(document.webhooks ?? {}));
  }

  /** Checks a request: operation, path and query parameters, required headers, security and JSON/form body. */
  async checkRequest(input: Request | RequestLike): Promise<ContractResult> {
    const request = input instanceof Request ? await toRequestLike(input) : input;
    const url = new URL(request.url);
    const found = findOperation(this.#operations, request.method, url.pathname);
    const where = `${request.method.toUpperCase()} ${url.pathname}`;
    if (!found) return this.#noOperation(`${where} request`);
    const { operation, pathParams } = found;
    const issues: ContractIssue[] = [];

    for (const parameter of operation.parameters) {
      if (parameter.in === 'path') {
        const text = decodeURIComponent(pathParams[parameter.name.replace(/\W/g, '_')] ?? '');
        this.#check(
          issues,
          operation.document,
          `/path/${parameter.name}`,
          parameter.schema,
          coerceScalar(text, parameter.schema as object),
        );
      } else if (parameter.in === 'query') {
        if (!url.searchParams.has(parameter.name)) {
          if (parameter.required)
            issues.push({
              pointer: `/query/${parameter.name}`,
              rule: 'required',
              message: 'required query parameter is missing',
            });
          continue;
        }
        const value = readQueryValue(
          url.searchParams,
          parameter.name,
          parameter.schema as object,
          parameter.explode,
        );
        this.#check(issues, operation.document, `/query/${parameter.name}`, parameter.schema, value);
      } else if (parameter.in === 'header') {
        this.#checkHeader(issues, operation.document, request.headers, parameter.name, parameter);
      }
    }
    for (const name of url.searchParams.keys()) {
      if (!operation.parameters.some((parameter) => parameter.in === 'query' && parameter.name === name)) {
        issues.push({
          pointer: `/query/${name}`,
          rule: 'parameters',
          message: `query parameter "${name}" is not declared by ${operation.operationId}`,
        });
      }
    }
    issues.push(...this.#checkSecurity(operation, request.headers));
    issues.push(...this.#checkRequestBody(operation, request));
    return this.#result(`${where} (${operation.operationId}) request`, operation, issues);
  }

  /** Checks a response to `request`: declared status, content type, declared headers and body schema. */
  async checkResponse(
    requestInput: Request | RequestLike,
    input: Response | ResponseLike,
  ): Promise<ContractResult> {
    const request = requestInput instanceof Request ? await toRequestLike(requestInput) : requestInput;
    const response = input instanceof Response ? await toResponseLike(input) : input;
    const url = new URL(request.url);
    const found = findOperation(this.#operations, request.method, url.pathname);
    const where = `${request.method.toUpperCase()} ${url.pathname} -> ${response.status}`;
    if (!found) {
      const declared = (issues: ContractIssue[], operation: Operation) =>
        this.#checkDeclared(issues, operation.document, operation.responses['405']!, response, false);
      const notAllowed = checkMethodNotAllowed(this.#operations, url, response, where, declared);
      return (
        notAllowed ?? this.#checkUnstated(url, response, where) ?? this.#noOperation(`${where} response`)
      );
    }
    const { operation } = found;
    const issues: ContractIssue[] = [];
    const status = String(response.status);
    const declared =
      operation.responses[status] ?? operation.responses[`${status[0]}XX`] ?? operation.responses.default;
    if (!declared) {
      issues.push({
        pointer: '/status',
        rule: 'status',
        message: `status ${status} is not declared; declared: ${Object.keys(operation.responses).join(', ')}`,
      });
      return this.#result(`${where} (${operation.operationId}) response`, operation, issues);
    }
    // `fields` narrows what a response holds, so required members may rightly be absent.
    this.#checkDeclared(issues, operation.document, declared, response, url.searchParams.has('fields'));
    return this.#result(`${where} (${operation.operationId}) response`, operation, issues);
  }

  /** Checks a webhook delivery (body and the two signature headers) against the `webhooks` entry of its type. */
  checkWebhookDelivery(delivery: { headers: Headers; body: string }): ContractResult {
    const parsed = parseBody(delivery.body, 'application/json');
    const type = parsed.ok ? (parsed.value as { type?: unknown } | null)?.type : undefined;
    const where = `webhook delivery ${String(type)}`;
    for (const [name, document] of this.#documents) {
      const entry = document.webhooks?.[String(type)]?.post as Record<string, unknown> | undefined;
      if (!entry) continue;
      const issues: ContractIssue[] = [];
      for (const raw of (entry.parameters as unknown[]) ?? []) {
        const parameter = resolveLocal(document, raw) as HeaderSpec & { name: string; in: string };
        if (parameter.in === 'header') {
          this.#checkHeader(issues, name, delivery.headers, parameter.name, parameter);
        }
      }
      const body = resolveLocal(document, entry.requestBody) as { content?: Record<string, Media> };
      issues.push(
        ...this.#checkBody(
          name,
          body.content ?? {},
          delivery.headers.get('content-type'),
          delivery.body,
          false,
        ),
      );
      return { ok: issues.length === 0, operationId: String(entry.operationId), where, issues };
    }
    return {
      ok: false,
      where,
      issues: [
        {
          pointer: '/body/type',
          rule: 'webhooks',
          message: `no webhooks entry for event type ${JSON.stringify(type)}`,
        },
      ],
    };
  }

  /** Like `checkRequest`, but throws a readable error when the request does not conform. */
  async assertRequest(request: Request | RequestLike): Promise<void> {
    const result = await this.checkRequest(request);
    if (!result.ok) throw new Error(formatResult(result));
  }

  /** Like `checkResponse`, but throws a readable error when the response does not conform. */
  async assertResponse(request: Request | RequestLike, response: Response | ResponseLike): Promise<void> {
    const result = await this.checkResponse(request, response);
    if (!result.ok) throw new Error(formatResult(result));
  }

  /** A response's headers and body against what `declared` (a response object of `document`) states. */
  #checkDeclared(
    issues: ContractIssue[],
    document: string,
    declared: Operation['responses'][string],
    response: ResponseLike,
    relaxed: boolean,
  ): void {
    for (const [name, rawHeader] of Object.entries(declared.headers ?? {})) {
      const header = resolveLocal(this.#documents.get(document)!, rawHeader) as HeaderSpec;
      this.#checkHeader(issues, document, response.headers, name, header);
    }
    const body = response.body ?? '';
    const content = declared.content as Record<string, Media> | undefined;
    if (!content || Object.keys(content).length === 0) {
      if (body.length > 0)
        issues.push({
          pointer: '/body',
          rule: 'content',
          message: `status ${response.status} declares no body, got ${body.length} bytes`,
        });
    } else {
      issues.push(...this.#checkBody(document, content, response.headers.get('content-type'), body, relaxed));
    }
  }

  /**
   * The response to a request no operation states, under the base path of a document whose `x-unstated-requests`
   * states those responses (the mock's control path, docs/decisions.md#d-mock-control-document): a 405 whose `Allow`
   * lists the methods the document gives the path, else a 404. Undefined for a request under no such document.
   */
  #checkUnstated(url: URL, response: ResponseLike, where: string): ContractResult | undefined {
    for (const [name, document] of this.#documents) {
      const rawResponses = (document as { 'x-unstated-requests'?: Record<string, unknown> })[
        'x-unstated-requests'
      ];
      const base = basePathOf(document);
      if (!rawResponses || !base || !url.pathname.startsWith(`${base}/`)) continue;
      const methods = this.#operations
        .filter((operation) => operation.document === name && operation.pattern.test(url.pathname))
        .map((operation) => operation.method);
      const status = methods.length > 0 ? '405' : '404';
      const issues: ContractIssue[] = [];
      const declared = resolveLocal(document, rawResponses[status]) as
        | Operation['responses'][string]
        | undefined;
      if (String(response.status) !== status || !declared) {
        const takes = methods.length > 0 ? ` (the path takes ${methods.join(', ')})` : '';
        issues.push({
          pointer: '/status',
          rule: 'x-unstated-requests',
          message: `a request no operation states gets ${status}${takes}, as x-unstated-requests states; got ${response.status}`,
        });
      } else {
        this.#checkDeclared(issues, name, declared, response, false);
        if (status === '405') issues.push(...allowIssues(response.headers, methods, 'x-unstated-requests'));
      }
      return { ok: issues.length === 0, where: `${where} (no operation) response`, issues };
    }
    return undefined;
  }

  #checkSecurity(operation: Operation, headers: Headers): ContractIssue[] {
    const requirements = (operation.security ?? []) as Record<string, unknown>[];
    if (
      requirements.length === 0 ||
      requirements.some((requirement) => Object.keys(requirement).length === 0)
    )
      return [];
    const authorization = headers.get('authorization') ?? '';
    const schemes = requirements.flatMap((requirement) => Object.keys(requirement));
    const accepted = schemes.some((scheme) =>
      scheme.toLowerCase().includes('basic')
        ? /^Basic \S+$/.test(authorization)
        : /^Bearer \S+$/.test(authorization),
    );
    return accepted
      ? []
      : [
          {
            pointer: '/headers/authorization',
            rule: 'security',
            message: `missing or malformed Authorization for ${schemes.join(' or ')}`,
          },
        ];
  }

  #checkRequestBody(operation: Operation, request: RequestLike): ContractIssue[] {
    const body = request.body ?? '';
    const declared = operation.requestBody;
    if (!declared) {
      return body.length > 0
        ? [
            {
              pointer: '/body',
              rule: 'requestBody',
              message: `${operation.operationId} takes no request body`,
            },
          ]
        : [];
    }
    if (body.length === 0) {
      return declared.required
        ? [{ pointer: '/body', rule: 'required', message: 'request body is required' }]
        : [];
    }
    return this.#checkBody(
      operation.document,
      declared.content ?? {},
      request.headers.get('content-type'),
      body,
      false,
    );
  }

  #checkBody(
    document: string,
    content: Record<string, Media>,
    contentType: string | null,
    body: string,
    relaxed: boolean,
  ): ContractIssue[] {
    const type = mediaType(contentType);
    const media = content[type];
    if (!media) {
      return [
        {
          pointer: '/headers/content-type',
          rule: 'content',
          message: `content type "${type}" is not one of ${Object.keys(content).join(', ')}`,
        },
      ];
    }
    if (isFileMedia(type)) return fileIssues(type, body);
    const parsed = parseBody(body, type);
    if (!parsed.ok) return [parsed.issue];
    return media.schema === undefined
      ? []
      : toIssues('/body', this.#schemas.validate(document, media.schema as object, parsed.value, relaxed));
  }

  #check(issues: ContractIssue[], document: string, pointer: string, schema: unknown, value: unknown): void {
    if (schema !== undefined)
      issues.push(...toIssues(pointer, this.#schemas.validate(document, schema as object, value)));
  }

  /** A declared header (request parameter, response header or delivery header): present when required, and valid. */
  #checkHeader(
    issues: ContractIssue[],
    document: string,
    headers: Headers,
    name: string,
    spec: HeaderSpec,
  ): void {
    const text = headers.get(name);
    const pointer = `/headers/${name.toLowerCase()}`;
    if (text === null) {
      if (spec.required) issues.push({ pointer, rule: 'required', message: 'required header is missing' });
    } else this.#check(issues, document, pointer, spec.schema, coerceScalar(text, spec.schema as object));
  }

  #noOperation(where: string): ContractResult {
    return {
      ok: false,
      where,
      issues: [
        { pointer: '', rule: 'operation', message: 'no operation in openapi/ matches this method and path' },
      ],
    };
  }

  #result(where: string, operation: Operation, issues: ContractIssue[]): ContractResult {
    return { ok: issues.length === 0, operationId: operation.operationId, where, issues };
  }
}

let shared: Contract | undefined;
let control: Contract | undefined;

/** Loads the documents of `openapi/` once per process (or from `dir`) and returns the checker. */
export function loadContract(options: { dir?: string } = {}): Contract {
  if (options.dir) return new Contract(readDocuments(options.dir));
  shared ??= new Contract(readDocuments(), sharedSchemas);
  return shared;
}

/**
 * The checker of openapi/mock-control.yaml, the control path of `learnkit-mock serve`, loaded once per process with
 * the shared schema set (docs/decisions.md#d-mock-control-document). Apart from `loadContract()`'s: no platform
 * client calls it, and its paths are not the platform's.
 */
export function loadControlContract(): Contract {
  control ??= new Contract(readDocuments(DEFAULT_OPENAPI_DIR, [CONTROL_DOCUMENT]), sharedSchemas);
  return control;
}
