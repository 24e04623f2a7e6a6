// Writes each family package's `src/generated/models.ts`: a named interface for every component schema a user
// of the package meets, with a doc comment per property, from the family's OpenAPI document
// (docs/decisions.md#d-generated-model-interfaces). The types say what openapi-typescript says of the same
// schemas (optional members, `| null`, string-literal unions, index signatures only where the schema has
// `additionalProperties`), so a model and its `components['schemas'][...]` type are assignable both ways.
import { HEADER } from './typescript.mjs';

/**
 * How each family names its models: a prefix before every schema name, names that differ from the schema's
 * (`Link` is `CFLink`), and schemas that read better written out where they are used than named (an id string,
 * a free-form object). The names are the public names the packages export.
 */
const FAMILIES = {
  case: {
    document: 'case',
    prefix: '',
    names: { Link: 'CFLink' },
    inline: ['Uuid', 'Extensions', 'FreeForm'],
  },
  oneroster: { document: 'oneroster', prefix: 'OneRoster', names: {}, inline: [] },
  platform: {
    document: 'platform',
    prefix: '',
    names: {},
    inline: [],
    // Objects of the platform's reference whose other members pass through
    // (docs/decisions.md#d-platform-reference-shapes): the document leaves their `additionalProperties`
    // unsaid, which JSON Schema reads as open, so their models keep an index signature
    // (docs/decisions.md#d-generated-model-interfaces).
    open: [
      'Application',
      'ApplicationCredentials',
      'ApplicationDraft',
      'Enrollment',
      'Insight',
      'InsightSession',
      'LinkedUser',
      'Org',
      'User',
      'UserAgent',
      'UserInsightsOverview',
      'UserProfile',
      'UserRole',
    ],
  },
};

/** Nullable wrappers, pages and response envelopes: a method gives what they hold, so they are inlined. */
const WRAPPER = /^Nullable|List$|Response$|PageMembers$/;

const SCHEMA_REF = '#/components/schemas/';
const DECISION_LINK = /docs\/decisions\.md#d-[\w-]+/g;

/** The `models.ts` of every family package, unformatted (`{ path, content }`). */
export function generateModels(resources) {
  return Object.keys(FAMILIES).map((pkg) => familyModels(pkg, resources));
}

/** The public name of every schema the package shows, by schema name (`User` → `OneRosterUser`). */
export function modelNames(pkg, resources) {
  const family = FAMILIES[pkg];
  const document = resources.documents[family.document];
  const ops = resources.operations.filter((op) => op.package === pkg);
  const renamed = { ...family.names };
  for (const op of ops) {
    for (const [key, name] of Object.entries(op.models))
      if (key !== 'prefix' && !key.includes('.')) renamed[key] = name;
  }
  const used = new Set();
  for (const op of ops) {
    for (const schema of [op.result.schema, op.body?.inner, op.body?.schema]) {
      if (schema) reachable(document, schema, used);
    }
  }
  const names = new Map();
  for (const schema of [...used].sort()) {
    if (WRAPPER.test(schema) || family.inline.includes(schema)) continue;
    const name = renamed[schema] ?? `${family.prefix}${schema}`;
    const taken = [...names].find(([, other]) => other === name);
    if (taken)
      throw new Error(`gen: schemas ${taken[0]} and ${schema} of ${pkg} are both model ${name}; rename one`);
    names.set(schema, name);
  }
  return names;
}

/** The component schemas a schema refers to, itself included (`$ref`s followed). */
function reachable(document, name, found) {
  if (found.has(name)) return found;
  found.add(name);
  const visit = (value) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key === '$ref' && typeof inner === 'string' && inner.startsWith(SCHEMA_REF)) {
          reachable(document, inner.slice(SCHEMA_REF.length), found);
        } else visit(inner);
      }
    }
  };
  visit(document.components?.schemas?.[name]);
  return found;
}

/** The `models.ts` of one family package (`case`, `oneroster`, `platform`), unformatted. */
export function familyModels(pkg, resources) {
  const family = FAMILIES[pkg];
  const schemas = resources.documents[family.document].components.schemas;
  const names = modelNames(pkg, resources);
  const ops = resources.operations.filter((op) => op.package === pkg);
  const context = { schemas, names, ops };
  const blocks = [...names]
    .sort(([, a], [, b]) => a.localeCompare(b))
    .map(([schema, name]) => declaration(schema, name, shown(schema, schemas[schema], family), context));
  const intro =
    `// The objects the methods of @learnkit/${pkg} take and give, from openapi/${family.document}.yaml.\n` +
    '// `src/types.ts` re-exports them by name.\n\n';
  return {
    path: `packages/${pkg}/src/generated/models.ts`,
    content: `${HEADER}${intro}${blocks.join('\n\n')}\n`,
  };
}

/** A schema as its model shows it: an object the family lists as open allows members it does not name. */
function shown(name, schema, family) {
  const open = family.open?.includes(name) && schema.additionalProperties === undefined;
  return open ? { ...schema, additionalProperties: true } : schema;
}

/** `export interface Name { ... }` for a plain object schema, `export type Name = ...` for any other. */
function declaration(schemaName, name, schema, context) {
  // An object the document states no member of (`x-unstated-response`) has nothing an example could show.
  const example = schema['x-unstated-response'] ? undefined : modelExample(schemaName, context.ops);
  const doc = docComment('', describe(schema, name, example));
  if (isPlainObject(schema, context))
    return `${doc}\nexport interface ${name} ${objectBody(schema, context, '')}`;
  return `${doc}\nexport type ${name} = ${typeOf(schema, context, '')};`;
}

/** An object schema an interface can state: not nullable, no union, no typed extra members. */
function isPlainObject(schema, context) {
  const types = typesOf(schema);
  const extra = schema.additionalProperties;
  return (
    types.length === 1 &&
    types[0] === 'object' &&
    !schema.anyOf &&
    !schema.oneOf &&
    !(extra && typeof extra === 'object' && Object.keys(extra).length > 0) &&
    Object.keys(membersOf(schema, context).properties).length > 0
  );
}

/** The JSON types a schema allows (`object` when it states members without a type). */
function typesOf(schema) {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties || schema.additionalProperties !== undefined || schema.allOf) return ['object'];
  return [];
}

/** The TypeScript type of a schema, as openapi-typescript reads it. */
function typeOf(schema, context, indent) {
  if (schema === true || !schema || Object.keys(schema).length === 0) return 'unknown';
  if (schema.$ref) return referenceType(schema.$ref, context, indent);
  if ('const' in schema) return literal(schema.const);
  if (schema.enum) return schema.enum.map(literal).join(' | ');
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map((member) => grouped(typeOf(member, context, indent))).join(' | ');
  const types = typesOf(schema);
  if (types.length === 0) return 'unknown';
  return types.map((type) => grouped(jsonType(type, schema, context, indent))).join(' | ');
}

function referenceType(ref, context, indent) {
  const schema = ref.slice(SCHEMA_REF.length);
  return context.names.get(schema) ?? typeOf(context.schemas[schema], context, indent);
}

function jsonType(type, schema, context, indent) {
  switch (type) {
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array': {
      const item = schema.items ? typeOf(schema.items, context, indent) : 'unknown';
      return `${grouped(item, true)}[]`;
    }
    default:
      return objectType(schema, context, indent);
  }
}

/** An object type: its members, and an index signature where the schema allows members it does not name. */
function objectType(schema, context, indent) {
  const { properties, extra } = membersOf(schema, context);
  if (Object.keys(properties).length === 0 && extra === undefined) return 'Record<string, never>';
  if (Object.keys(properties).length === 0 && isOpen(extra)) return '{ [key: string]: unknown }';
  if (extra && typeof extra === 'object' && Object.keys(extra).length > 0) {
    const named =
      Object.keys(properties).length > 0 ? `${objectBody(schema, context, indent, false)} & ` : '';
    const doc = `${indent}  /** Members the schema does not name, each as typed here. */\n`;
    return `${named}{\n${doc}${indent}  [key: string]: ${typeOf(extra, context, `${indent}  `)};\n${indent}}`;
  }
  return objectBody(schema, context, indent);
}

/** The properties, required names and extra members of an object schema, `allOf` flattened into one. */
function membersOf(schema, context) {
  const parts = [schema, ...(schema.allOf ?? []).map((part) => resolve(part, context))];
  const properties = {};
  const required = new Set();
  let extra;
  for (const part of parts) {
    const flat = part === schema ? part : { ...part, ...membersOf(part, context) };
    Object.assign(properties, flat.properties ?? {});
    for (const name of flat.required ?? []) required.add(name);
    const allows = part === schema ? part.additionalProperties : flat.extra;
    if (allows !== undefined && allows !== false) extra = allows;
  }
  return { properties, required, extra };
}

function resolve(schema, context) {
  return schema.$ref ? context.schemas[schema.$ref.slice(SCHEMA_REF.length)] : schema;
}

/**
 * `{ member: type; ... }` with a doc comment per member; `withExtra` adds the `[key: string]: unknown` the schema
 * allows.
 */
function objectBody(schema, context, indent, withExtra = true) {
  const { properties, required, extra } = membersOf(schema, context);
  const inner = `${indent}  `;
  const lines = ['{'];
  for (const [name, property] of Object.entries(properties)) {
    lines.push(docComment(inner, describeProperty(name, property, context)));
    const optional = required.has(name) ? '' : '?';
    lines.push(`${inner}${propertyKey(name)}${optional}: ${typeOf(property, context, inner)};`);
  }
  if (withExtra && isOpen(extra)) {
    lines.push(`${inner}/** Members the schema does not name, typed \`unknown\` until read. */`);
    lines.push(`${inner}[key: string]: unknown;`);
  }
  lines.push(`${indent}}`);
  return lines.join('\n');
}

/** `additionalProperties: true` or `{}`: any member, typed `unknown`. */
const isOpen = (extra) =>
  extra === true || (typeof extra === 'object' && extra !== null && Object.keys(extra).length === 0);

const propertyKey = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name.replace(/'/g, "\\'")}'`);
const literal = (value) =>
  typeof value === 'string' ? `'${value.replace(/'/g, "\\'")}'` : JSON.stringify(value);

/** A type wrapped in parentheses where it is a union (inside a union, or before `[]`). */
function grouped(type, array = false) {
  if (type.startsWith('{') || type.startsWith('Record<'))
    return array && type.includes(' | ') ? `(${type})` : type;
  return array && (type.includes(' | ') || type.includes(' & ')) ? `(${type})` : type;
}

// ---- doc comments ----

/** The doc of a model: the schema's description as a user needs it, and the decisions it rests on. */
function describe(schema, name, example) {
  const text = userText(schema.description) || `The ${name} object.`;
  const tags = seeTags(schema.description);
  if (example) tags.push('@example', ...example.split('\n'));
  return { paragraphs: [text], tags };
}

/**
 * Where a user meets a model, from the resource map's examples: a method that reads one, else one that takes it
 * as its body, else one that lists it; an example that fits the line width.
 */
function modelExample(schema, ops) {
  const rank = (op) => {
    if (op.result.schema === schema && !op.page) return 0;
    return op.body?.inner === schema || op.body?.schema === schema ? 1 : 2;
  };
  const fits = (example) => example.split('\n').every((line) => line.length <= 117);
  const uses = ops.filter(
    (op) =>
      op.example &&
      fits(op.example) &&
      (op.result.schema === schema || op.body?.inner === schema || op.body?.schema === schema),
  );
  const where = (op) => `${op.sdkPath}.${op.method}`;
  return uses.sort((a, b) => rank(a) - rank(b) || where(a).localeCompare(where(b)))[0]?.example;
}

/** The doc of a member: what it is, its constraints (format, enum, bounds, default) and an example if given. */
function describeProperty(name, property, context) {
  const target = property.$ref ? resolve(property, context) : undefined;
  const own = userText(property.description);
  const text = own || referenceSentence(name, target) || memberSentence(name, property);
  const facts = constraints(property.$ref ? { ...target, ...property } : property);
  const tags = seeTags(property.description);
  if (property.deprecated) tags.unshift('@deprecated');
  const example = exampleOf(property);
  if (example !== undefined) tags.push(`@example ${example}`);
  return { paragraphs: [[text, facts].filter(Boolean).join(' ')], tags };
}

/** A description as a user reads it: decision links become `@see` tags, a `Decision:` label is dropped. */
function userText(description) {
  if (!description) return '';
  return description
    .replace(/\s+/g, ' ')
    .replace(
      /\s*\((?:[^()]*;\s*)?(?:see\s+)?docs\/decisions\.md#[\w-]+(?:[;,]\s*docs\/decisions\.md#[\w-]+)*\)/g,
      '',
    )
    .replace(/\bDecision:\s*([a-z]?)/g, (_, first) => first.toUpperCase())
    .replace(/\s+([.,;])/g, '$1')
    .trim();
}

function seeTags(description) {
  return [...new Set(description?.match(DECISION_LINK) ?? [])].map((link) => `@see ${link}`);
}

/** The text up to its first `.` or `:` that ends a sentence outside parentheses. */
function firstSentence(text) {
  let depth = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] === '(') depth += 1;
    else if (text[i] === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && /[.:]/.test(text[i]) && /^(\s|$)/.test(text.slice(i + 1, i + 2))) {
      return text[i - 1] === '.' ? text.slice(0, i + 1) : `${text.slice(0, i)}.`;
    }
  }
  return text;
}

/** A member that names another schema, said by that schema's description: "The org: a reference by ...". */
function referenceSentence(name, target) {
  const said = target ? firstSentence(userText(target.description)) : '';
  if (!said || COMMON_MEMBERS[name]) return said;
  return `${memberSentence(name, {}).slice(0, -1)}: ${said[0].toLowerCase()}${said.slice(1)}`;
}

/** Members common to many objects, said once. */
const COMMON_MEMBERS = {
  sourcedId: 'The id of the object.',
  dateLastModified: 'When the object last changed.',
  dateCreated: 'When the object was created.',
  metadata: 'Free-form metadata.',
  title: 'The title.',
  name: 'The name.',
  identifier: 'The identifier.',
  uri: 'The URI of the object.',
  href: 'The URL of the object.',
  type: 'The kind of object.',
  status: 'The status of the object.',
  description: 'The description.',
};

/** A sentence from the member's name where the schema gives none (`givenName` → "The given name."). */
function memberSentence(name, property) {
  if (COMMON_MEMBERS[name]) return COMMON_MEMBERS[name];
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .map((word) => ({ id: 'ID', ids: 'IDs', uri: 'URI', url: 'URL', lti: 'LTI' })[word.toLowerCase()] ?? word)
    .map((word) => (/^[A-Z][a-z]/.test(word) ? word.toLowerCase() : word));
  const types = typesOf(property);
  const flag = property.enum?.every((value) => value === 'true' || value === 'false' || value === null);
  if ((types.includes('boolean') && types.every((type) => type === 'boolean' || type === 'null')) || flag) {
    const rest = /^(is|has)$/.test(words[0]) ? words.slice(1) : words;
    return `Whether ${rest.join(' ')}${flag ? ', as the string `true` or `false`' : ''}.`;
  }
  const at = words.at(-1) === 'at' ? 1 : words.slice(-2).join(' ') === 'at time' ? 2 : 0;
  if (at > 0 && words.length > at) return `When ${words.slice(0, -at).join(' ')}.`;
  return `The ${words.join(' ')}.`;
}

/** The constraints a type does not show: format, pattern, bounds, default; the values of an enum. */
function constraints(schema) {
  const facts = [];
  if (schema.format) facts.push(`Format \`${schema.format}\`.`);
  const flag = schema.enum?.every((value) => value === 'true' || value === 'false' || value === null);
  if (schema.enum && schema.enum.length > 1 && !flag)
    facts.push(`One of ${schema.enum.map(code).join(', ')}.`);
  if (schema.pattern) facts.push(`Matches \`${schema.pattern}\`.`);
  bound(facts, schema.minimum, schema.maximum, '');
  bound(facts, schema.minLength, schema.maxLength, ' characters');
  bound(facts, schema.minItems, schema.maxItems, ' entries');
  bound(facts, schema.minProperties, schema.maxProperties, ' members');
  if (schema.default !== undefined) facts.push(`Default ${code(schema.default)}.`);
  if (schema.writeOnly) facts.push('Sent in requests, never given back.');
  if (schema.readOnly) facts.push('Given back, never sent.');
  return facts.join(' ');
}

function bound(facts, min, max, unit) {
  const of = (count) => (count === 1 ? unit.replace(/s$/, '') : unit);
  if (min !== undefined && max !== undefined) facts.push(`From ${min} to ${max}${of(max)}.`);
  else if (min !== undefined) facts.push(`At least ${min}${of(min)}.`);
  else if (max !== undefined) facts.push(`At most ${max}${of(max)}.`);
}

const code = (value) =>
  `\`${value === null ? 'null' : typeof value === 'string' ? value : JSON.stringify(value)}\``;

function exampleOf(schema) {
  const example = schema.examples?.[0] ?? schema.example;
  if (example === undefined || schema.enum) return undefined;
  return typeof example === 'string' ? `'${example}'` : JSON.stringify(example);
}

/** A `/** ... *\/` block: the paragraphs wrapped to the line width, then the tags. */
function docComment(indent, { paragraphs, tags }) {
  const width = 110 - indent.length - 3;
  const lines = [];
  for (const paragraph of paragraphs.filter(Boolean)) lines.push(...wrap(paragraph, width));
  if (tags.length > 0 && lines.length > 0) lines.push('');
  lines.push(...tags);
  if (lines.length === 1 && lines[0].length <= width - 4) return `${indent}/** ${safe(lines[0])} */`;
  return [
    `${indent}/**`,
    ...lines.map((line) => `${indent} *${line ? ` ${safe(line)}` : ''}`),
    `${indent} */`,
  ].join('\n');
}

const safe = (line) => line.replace(/\*\//g, '*\\/');

function wrap(text, width) {
  const lines = [];
  let line = '';
  // A code span (`{ user }`) is never split over two lines.
  for (const word of text.match(/[^\s`]*(?:`[^`]*`[^\s`]*)+|\S+/g) ?? []) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}
