import { onerosterSchemas } from '../generated/openapi/json-schemas.js';
import { pathSegment } from '../internal/path-segment.js';
import type { RosterState } from '../state.js';

// The tables of the OneRoster store: what each kind of object is in openapi/oneroster.yaml (its response schema), where
// it lives (its area and collection, for the `href` of references to it), which of its members refer to objects of
// other tables, and the members a write may leave out (docs/decisions.md#d-mock-oneroster-store).

/** A table of the roster that holds OneRoster objects (the platform's roles, agents and profiles are not). */
export type TableName =
  | 'orgs'
  | 'academicSessions'
  | 'courses'
  | 'courseComponents'
  | 'componentResources'
  | 'classes'
  | 'users'
  | 'enrollments'
  | 'demographics'
  | 'lineItems'
  | 'categories'
  | 'scoreScales'
  | 'results'
  | 'assessmentLineItems'
  | 'assessmentResults'
  | 'resources';

/** What the store knows of one table. */
export interface Table {
  /** The component schema of openapi/oneroster.yaml its objects respond in. */
  schema: string;
  /** How a message names one (`academic session`). */
  noun: string;
  /** The area and collection path of its objects: where a reference's `href` points. */
  area: 'rostering' | 'gradebook' | 'resources';
  collection: string;
  /** The `type` of a reference to one. */
  type: string;
  /** Members that refer to objects of other tables (checked on every write: 422 for one that does not exist). */
  refs: Readonly<Record<string, TableName>>;
  /** Members the response names otherwise than the body (a class's `school` is the body's `org`). */
  from?: Readonly<Record<string, string>>;
  /** What a write that leaves a required member out stores there, when the schema gives no default or null. */
  fill?: Readonly<Record<string, (now: string) => unknown>>;
}

const rostering = (schema: string, noun: string, collection: string, type: string) =>
  ({ schema, noun, area: 'rostering', collection, type }) as const;
const gradebook = (schema: string, noun: string, collection: string, type: string) =>
  ({ schema, noun, area: 'gradebook', collection, type }) as const;

/** Every table of OneRoster objects. */
export const TABLES: Readonly<Record<TableName, Table>> = {
  orgs: { ...rostering('Org', 'org', 'orgs', 'org'), refs: { parent: 'orgs' } },
  academicSessions: {
    ...rostering('AcademicSession', 'academic session', 'academicSessions', 'academicSession'),
    refs: { parent: 'academicSessions', org: 'orgs' },
  },
  courses: {
    ...rostering('Course', 'course', 'courses', 'course'),
    refs: { academicSession: 'academicSessions', org: 'orgs' },
  },
  courseComponents: {
    ...rostering('CourseComponent', 'course component', 'courses/components', 'courseComponent'),
    refs: { course: 'courses', courseComponent: 'courseComponents', parent: 'courseComponents' },
    fill: { sortOrder: () => 0, unlockDate: (now) => now },
  },
  componentResources: {
    ...rostering(
      'ComponentResource',
      'component resource',
      'courses/component-resources',
      'componentResource',
    ),
    refs: { courseComponent: 'courseComponents', resource: 'resources' },
  },
  classes: {
    ...rostering('Class', 'class', 'classes', 'class'),
    refs: { course: 'courses', school: 'orgs', terms: 'academicSessions', resources: 'resources' },
    from: { school: 'org' },
    fill: { classType: () => 'scheduled' },
  },
  users: { ...rostering('User', 'user', 'users', 'user'), refs: { primaryOrg: 'orgs', agents: 'users' } },
  enrollments: {
    ...rostering('Enrollment', 'enrollment', 'enrollments', 'enrollment'),
    refs: { user: 'users', class: 'classes' },
  },
  demographics: { ...rostering('Demographics', 'demographics', 'demographics', 'demographics'), refs: {} },
  lineItems: {
    ...gradebook('LineItem', 'line item', 'lineItems', 'lineItem'),
    refs: {
      class: 'classes',
      school: 'orgs',
      category: 'categories',
      gradingPeriod: 'academicSessions',
      academicSession: 'academicSessions',
      scoreScale: 'scoreScales',
    },
  },
  categories: { ...gradebook('Category', 'category', 'categories', 'category'), refs: {} },
  scoreScales: {
    ...gradebook('ScoreScale', 'score scale', 'scoreScales', 'scoreScale'),
    refs: { class: 'classes', course: 'courses' },
  },
  results: {
    ...gradebook('Result', 'result', 'results', 'result'),
    refs: { lineItem: 'lineItems', student: 'users', class: 'classes', scoreScale: 'scoreScales' },
  },
  // `component` and `componentResource` are the extension members, whose targets the specification texts and the
  // vendor describe differently: not checked (docs/decisions.md#d-mock-oneroster-store).
  assessmentLineItems: {
    ...gradebook('AssessmentLineItem', 'assessment line item', 'assessmentLineItems', 'assessmentLineItem'),
    refs: { class: 'classes', parent: 'assessmentLineItems', scoreScale: 'scoreScales' },
  },
  assessmentResults: {
    ...gradebook('AssessmentResult', 'assessment result', 'assessmentResults', 'assessmentResult'),
    refs: { assessmentLineItem: 'assessmentLineItems', student: 'users', scoreScale: 'scoreScales' },
  },
  resources: {
    schema: 'Resource',
    noun: 'resource',
    area: 'resources',
    collection: 'resources',
    type: 'resource',
    refs: {},
  },
};

/** A JSON Schema of the generated component schemas, as far as the store reads one. */
type SchemaNode = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  required?: string[];
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  default?: unknown;
};

/** A component schema by name. */
export const schemaOf = (name: string) => onerosterSchemas[name] as SchemaNode;

/** The name a `$ref` to a component schema names. */
const refName = (node: SchemaNode | undefined) => node?.$ref?.replace('#/$defs/', '');

/**
 * How a response holds a reference member: `guid` (`{ href, sourcedId, type }`), `id` (`{ sourcedId }`), in a list
 * or not; undefined for a member that is no reference.
 */
export function refKind(node: SchemaNode | undefined): { kind: 'guid' | 'id'; list: boolean } | undefined {
  const list = node?.type === 'array' || (Array.isArray(node?.type) && node.type.includes('array'));
  const name = refName(list ? node?.items : node);
  if (!name) return undefined;
  if (/GUIDRef$/.test(name)) return { kind: 'guid', list };
  if (/SourcedIdRef$/.test(name)) return { kind: 'id', list };
  return undefined;
}

/** Whether a member of a schema may be null (`[X, 'null']` or a nullable reference). */
export function nullable(node: SchemaNode | undefined): boolean {
  if (!node) return false;
  if (Array.isArray(node.type)) return node.type.includes('null');
  return /^Nullable/.test(refName(node) ?? '');
}

/** The href of an object of `table`. */
export const hrefOf = (baseUrl: string, table: TableName, sourcedId: string) =>
  `${baseUrl}/ims/oneroster/${TABLES[table].area}/v1p2/${TABLES[table].collection}/${pathSegment(sourcedId)}`;

/** A reference to an object of `table`, as the response's schema holds it. */
export function refTo(baseUrl: string, table: TableName, sourcedId: string, kind: 'guid' | 'id') {
  return kind === 'id'
    ? { sourcedId }
    : { href: hrefOf(baseUrl, table, sourcedId), sourcedId, type: TABLES[table].type };
}

/** The map of a table in the roster (users, orgs and enrollments hold the platform's records). */
export const tableOf = (roster: RosterState, table: TableName) =>
  roster[table] as unknown as Map<string, Record<string, unknown> & { sourcedId: string }>;
