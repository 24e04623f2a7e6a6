// Reads openapi/resources.yaml (the resource map) with the documents it names, checks the two against each other,
// and gives every operation as one plain object each generator writes from (docs/decisions.md#d-resource-map).
// A map that misses an operation, names one the documents lack, or says something the documents contradict is an
// error naming the entry and the fix: `pnpm gen` and `pnpm gen:check` stop there.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';

/** The documents of the platform, whose operations the map must cover (the mock's control path is not the platform's). */
export const PLATFORM_DOCUMENTS = ['case', 'platform', 'oneroster'];
export const MAP_FILE = 'openapi/resources.yaml';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const IDENTIFIER = /^[a-z][A-Za-z0-9]*$/;
const METHOD_KEYS = new Set([
  'operation',
  'summary',
  'description',
  'example',
  'page',
  'returns',
  'retry',
  'params',
  'body',
  'wrap',
  'optionalBody',
  'custom',
  'args',
  'python',
]);
const RESOURCE_KEYS = new Set([
  'class',
  'extend',
  'summary',
  'description',
  'example',
  'methods',
  'resources',
]);
const FAMILY_KEYS = new Set([...RESOURCE_KEYS, 'package', 'models']);

/** `listClassStudents` -> `list_class_students`; `rotateSecret` -> `rotate_secret`. */
export const snakeCase = (name) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
/** `linkedUsers` -> `LinkedUsers`. */
export const pascalCase = (name) => name[0].toUpperCase() + name.slice(1);

/** Resolves a local `$ref` of `document` to what it names. */
export function deref(document, value) {
  let current = value;
  while (current && typeof current.$ref === 'string') {
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce((node, key) => node?.[key], document);
  }
  return current;
}

/** The component schema name a `$ref` names (`#/components/schemas/User` -> `User`), or undefined. */
export const refName = (schema) =>
  typeof schema?.$ref === 'string' && schema.$ref.startsWith('#/components/schemas/')
    ? schema.$ref.slice('#/components/schemas/'.length)
    : undefined;

/** The properties of an object schema, `allOf` parts merged and `$ref`s followed. */
export function propertiesOf(document, schema) {
  const resolved = deref(document, schema) ?? {};
  const merged = { ...resolved.properties };
  for (const part of resolved.allOf ?? []) Object.assign(merged, propertiesOf(document, part));
  return merged;
}

function requiredOf(document, schema) {
  const resolved = deref(document, schema) ?? {};
  return [
    ...(resolved.required ?? []),
    ...(resolved.allOf ?? []).flatMap((part) => requiredOf(document, part)),
  ];
}

/** Every operation of the platform documents: `operationId` -> where it is and what it states. */
export function documentOperations(root) {
  const documents = Object.fromEntries(
    PLATFORM_DOCUMENTS.map((name) => [
      name,
      parseYaml(readFileSync(join(root, 'openapi', `${name}.yaml`), 'utf8')),
    ]),
  );
  const operations = new Map();
  for (const [name, document] of Object.entries(documents)) {
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const method of HTTP_METHODS) {
        const operation = item[method];
        if (!operation?.operationId) continue;
        operations.set(operation.operationId, {
          documentName: name,
          document,
          path,
          method,
          item,
          operation,
        });
      }
    }
  }
  return { documents, operations };
}

/** The parameters of an operation and its path item, resolved, in the order the document gives them. */
function parametersOf(document, item, operation) {
  return [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((p) => deref(document, p));
}

/**
 * The 2xx response of an operation: status, JSON schema (undefined for no content), and the media type of a file
 * response (one with no JSON content, such as `application/zip`; docs/decisions.md#d-oneroster-binary-export).
 */
function successOf(document, operation) {
  const status = Object.keys(operation.responses ?? {}).find((code) => /^2\d\d$/.test(code));
  const response = deref(document, operation.responses?.[status]);
  const content = response?.content ?? {};
  const binary = content['application/json'] ? undefined : Object.keys(content)[0];
  return { status: Number(status), schema: content['application/json']?.schema, binary };
}

/** The scope an operation needs (its `oauth2` requirement), if it names one. */
function scopeOf(document, operation) {
  for (const requirement of operation.security ?? document.security ?? []) {
    const scopes = requirement.oauth2;
    if (Array.isArray(scopes) && scopes.length > 0) return scopes[0];
  }
  return undefined;
}

class MapError extends Error {}
const fail = (where, message) => {
  throw new MapError(`${MAP_FILE}: ${where}: ${message}`);
};

/**
 * `args` of a method: how a caller holding only the operation's parameters calls it, as a list of
 * `path.<name>` (a path parameter), `body` (the body), `body.<member>` (one member of the body),
 * `query` (the query object), `options.<name>` (a query parameter or option given in the call options).
 */
function checkArgs(where, args, op) {
  if (!Array.isArray(args) || args.length === 0) fail(where, '`args` must be a non-empty list');
  for (const arg of args) {
    const [kind, name] = String(arg).split('.');
    const known =
      (kind === 'path' && op.pathParams.some((p) => p.name === name)) ||
      (kind === 'body' && op.body !== undefined && (name === undefined || op.body.members.includes(name))) ||
      (kind === 'query' && name === undefined && op.queryParams.length > 0) ||
      (kind === 'options' && name !== undefined);
    if (!known) fail(where, `args entry ${JSON.stringify(arg)} names nothing of ${op.operationId}`);
  }
}

/** The `args` of a generated method, from the shape the TypeScript generator gives it. */
function derivedArgs(op) {
  const args = op.pathParams.map((p) => `path.${p.name}`);
  if (op.body) args.push('body');
  const query = op.queryParams.filter((p) => !(p.name === 'fields' && !op.page));
  if (query.length > 0) args.push('query');
  if (!op.page && op.queryParams.some((p) => p.name === 'fields')) args.push('options.fields');
  return args;
}

/**
 * Reads and checks the map. Returns `{ families, documents, operations, internal }`: `families` as trees of
 * resources (`{ family, package, path, class, extend, summary, methods, children }`), `operations` in map order,
 * each one `{ family, package, resource: ['gradebook', 'results'], sdkPath, method, operationId, ... }`.
 */
export function loadResourceMap(root) {
  const map = parseYaml(readFileSync(join(root, MAP_FILE), 'utf8'));
  const { documents, operations: known } = documentOperations(root);
  const operations = [];
  const seen = new Map();

  const methodOf = (family, resource, name, entry, owner) => {
    const where = `${[family, ...resource].join('.')}.${name}`;
    if (!IDENTIFIER.test(name)) fail(where, 'a method name is camelCase');
    for (const key of Object.keys(entry ?? {})) {
      if (!METHOD_KEYS.has(key)) fail(where, `unknown member ${JSON.stringify(key)}`);
    }
    const id = entry?.operation;
    const found = known.get(id);
    if (!found) fail(where, `operation ${JSON.stringify(id)} is in no document of openapi/`);
    if (seen.has(id)) fail(where, `operation ${id} is already the method ${seen.get(id)}`);
    seen.set(id, where);
    for (const key of ['summary', 'example']) {
      if (typeof entry[key] !== 'string' || entry[key].trim() === '') fail(where, `\`${key}\` is required`);
    }
    const { document, documentName, path, method, item, operation } = found;
    const parameters = parametersOf(document, item, operation);
    const renames = entry.params ?? {};
    const pathNames = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    for (const name of Object.keys(renames)) {
      if (!pathNames.includes(name))
        fail(where, `params names ${name}, which is no path parameter of ${path}`);
    }
    const pathParams = pathNames.map((name) => {
      const parameter = parameters.find((p) => p.in === 'path' && p.name === name);
      return {
        name,
        as: renames[name] ?? name,
        schema: parameter?.schema ?? { type: 'string' },
        description: parameter?.description?.trim(),
      };
    });
    const queryParams = parameters
      .filter((p) => p.in === 'query')
      .map((p) => ({
        name: p.name,
        required: p.required === true,
        schema: p.schema,
        description: p.description?.trim(),
      }));
    const headerParams = parameters.filter((p) => p.in === 'header').map((p) => p.name);
    const jsonBody = deref(document, operation.requestBody)?.content?.['application/json'];
    let body;
    if (jsonBody) {
      const schema = jsonBody.schema;
      let inner = schema;
      if (entry.wrap !== undefined) {
        inner = propertiesOf(document, schema)[entry.wrap];
        if (!inner) fail(where, `wrap names ${entry.wrap}, which is no member of the body of ${id}`);
      }
      // A wrapped list (`{ results: [...] }`): the method takes the list, each item of the named schema.
      const list = entry.wrap !== undefined && deref(document, inner)?.type === 'array';
      const item = list ? deref(document, inner).items : inner;
      body = {
        schema: refName(schema),
        inner: refName(item),
        list,
        optional: entry.optionalBody === true || deref(document, operation.requestBody)?.required !== true,
        name: entry.body ?? 'body',
        wrap: entry.wrap,
        members: Object.keys(propertiesOf(document, item)),
        requiredMembers: requiredOf(document, item),
      };
    } else if (entry.body !== undefined || entry.wrap !== undefined || entry.optionalBody !== undefined) {
      fail(where, `${id} takes no JSON body`);
    }
    const success = successOf(document, operation);
    const responseMembers = success.schema ? propertiesOf(document, success.schema) : {};
    if (entry.page !== undefined && deref(document, responseMembers[entry.page])?.type !== 'array') {
      fail(where, `page names ${entry.page}, which is no list member of ${id}'s response`);
    }
    if (entry.returns !== undefined && !responseMembers[entry.returns]) {
      fail(where, `returns names ${entry.returns}, which is no member of ${id}'s response`);
    }
    if (entry.retry !== undefined && entry.retry !== 'safe' && entry.retry !== 'unsafe') {
      fail(where, 'retry is safe or unsafe');
    }
    const page = entry.page;
    const resultSchema = page
      ? refName(deref(document, responseMembers[page]).items)
      : entry.returns
        ? refName(responseMembers[entry.returns])
        : success.schema?.type === 'array'
          ? refName(success.schema.items)
          : refName(success.schema);
    const op = {
      family,
      package: owner.package,
      resource,
      sdkPath: [family, ...resource].join('.'),
      method: name,
      operationId: id,
      documentName,
      httpMethod: method.toUpperCase(),
      path,
      tags: operation.tags ?? [],
      scope: scopeOf(document, operation),
      pathParams,
      queryParams,
      headerParams,
      body,
      success: {
        status: success.status,
        schema: refName(success.schema),
        content: success.schema !== undefined,
        // A response the document states only as an object with no member to read (`x-unstated-response`).
        unstated: deref(document, success.schema)?.['x-unstated-response'] === true,
        // The media type of a file response, which the SDKs give as bytes, not parsed JSON.
        binary: success.binary,
      },
      result: { schema: resultSchema, list: success.schema?.type === 'array' },
      page,
      returns: entry.returns,
      searchFields: operation['x-search-fields'],
      retry: entry.retry ?? (method === 'get' || method === 'put' ? 'safe' : 'unsafe'),
      summary: entry.summary.trim(),
      description: entry.description?.trim(),
      example: entry.example.trimEnd(),
      custom: entry.custom === true,
      python: {
        resource: [family, ...resource].map(snakeCase).join('.'),
        method: entry.python ?? snakeCase(name),
      },
      models: owner.models ?? {},
    };
    if (op.custom) {
      checkArgs(where, entry.args, op);
      op.args = entry.args;
    } else {
      if (entry.args !== undefined) fail(where, '`args` is given only for a custom method');
      op.args = derivedArgs(op);
    }
    operations.push(op);
    return op;
  };

  const resourceOf = (family, path, entry, owner) => {
    const where = [family, ...path].join('.');
    for (const key of Object.keys(entry ?? {})) {
      if (!(path.length === 0 ? FAMILY_KEYS : RESOURCE_KEYS).has(key)) {
        fail(where, `unknown member ${JSON.stringify(key)}`);
      }
    }
    if (typeof entry.summary !== 'string') fail(where, '`summary` is required');
    const node = {
      family,
      package: owner.package,
      path,
      name: path.at(-1) ?? family,
      class: entry.class,
      extend: entry.extend,
      summary: entry.summary.trim(),
      description: entry.description?.trim(),
      example: entry.example?.trimEnd(),
      models: owner.models ?? {},
      methods: Object.entries(entry.methods ?? {}).map(([name, method]) =>
        methodOf(family, path, name, method, owner),
      ),
      children: [],
    };
    for (const [name, child] of Object.entries(entry.resources ?? {})) {
      if (!IDENTIFIER.test(name)) fail(`${where}.${name}`, 'a resource name is camelCase');
      node.children.push(resourceOf(family, [...path, name], child, owner));
    }
    return node;
  };

  const families = [];
  for (const [family, entry] of Object.entries(map.families ?? {})) {
    if (!IDENTIFIER.test(family)) fail(family, 'a family name is camelCase');
    if (typeof entry.package !== 'string') fail(family, '`package` is required');
    families.push(resourceOf(family, [], entry, entry));
  }

  const internal = map.internal ?? {};
  for (const [id, reason] of Object.entries(internal)) {
    if (!known.has(id)) fail(`internal.${id}`, 'is in no document of openapi/');
    if (seen.has(id)) fail(`internal.${id}`, `is also the method ${seen.get(id)}`);
    if (typeof reason !== 'string' || reason.trim() === '') fail(`internal.${id}`, 'give the reason');
  }
  const missing = [...known.keys()].filter((id) => !seen.has(id) && !(id in internal));
  if (missing.length > 0) {
    fail(
      'families',
      `no method calls ${missing.map((id) => `${id} (${known.get(id).documentName}.yaml)`).join(', ')}; ` +
        'give each an entry (or list it under internal with the reason)',
    );
  }
  return { families, documents, operations, internal };
}
