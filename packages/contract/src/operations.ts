import { basePathOf, type OpenApiDocument, resolveLocal } from './documents.js';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

export type Parameter = {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: unknown;
  style?: string;
  explode?: boolean;
};

/** One operation of one document, with the regular expression that matches its path. */
export type Operation = {
  document: string;
  method: string;
  template: string;
  operationId: string;
  parameters: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: unknown }> };
  responses: Record<
    string,
    { content?: Record<string, { schema?: unknown }>; headers?: Record<string, unknown> }
  >;
  security?: unknown[];
  pattern: RegExp;
  literalLength: number;
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `/a/{id}/b` -> a regular expression that matches the template at the end of a URL path, any base path before it. */
function templatePattern(template: string): { pattern: RegExp; literalLength: number } {
  const parts = template.split(/(\{[^}]+\})/);
  let source = '';
  let literalLength = 0;
  for (const part of parts) {
    const param = /^\{([^}]+)\}$/.exec(part);
    if (param) source += `(?<${param[1]!.replace(/\W/g, '_')}>[^/]+)`;
    else {
      source += escapeRegExp(part);
      literalLength += part.length;
    }
  }
  return { pattern: new RegExp(`${source}$`), literalLength };
}

/** Indexes every operation of every document, resolving shared parameters and responses. */
export function indexOperations(documents: Map<string, OpenApiDocument>): Operation[] {
  const operations: Operation[] = [];
  for (const [name, document] of documents) {
    for (const [template, pathItem] of Object.entries(document.paths ?? {})) {
      const shared = ((pathItem.parameters as unknown[]) ?? []).map(
        (p) => resolveLocal(document, p) as Parameter,
      );
      for (const method of METHODS) {
        const raw = pathItem[method] as Record<string, unknown> | undefined;
        if (!raw) continue;
        const own = ((raw.parameters as unknown[]) ?? []).map((p) => resolveLocal(document, p) as Parameter);
        const responses: Operation['responses'] = {};
        for (const [status, response] of Object.entries((raw.responses as Record<string, unknown>) ?? {})) {
          responses[status] = resolveLocal(document, response) as Operation['responses'][string];
        }
        operations.push({
          document: name,
          method: method.toUpperCase(),
          template,
          operationId: String(raw.operationId),
          parameters: [...shared.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)), ...own],
          requestBody: resolveLocal(document, raw.requestBody) as Operation['requestBody'],
          responses,
          security: (raw.security ?? (document as { security?: unknown[] }).security) as
            | unknown[]
            | undefined,
          ...templatePattern(`${basePathOf(document)}${template}`),
        });
      }
    }
  }
  return operations;
}

/** The operation a request targets: the longest literal match wins (`CFItems/validate` over `CFItems/{id}`). */
export function findOperation(
  operations: Operation[],
  method: string,
  pathname: string,
): { operation: Operation; pathParams: Record<string, string> } | undefined {
  let best: { operation: Operation; pathParams: Record<string, string> } | undefined;
  for (const operation of operations) {
    if (operation.method !== method.toUpperCase()) continue;
    const match = operation.pattern.exec(pathname);
    if (!match) continue;
    if (!best || operation.literalLength > best.operation.literalLength) {
      best = { operation, pathParams: { ...match.groups } };
    }
  }
  return best;
}
