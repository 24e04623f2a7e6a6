import { isAbsoluteUri, isCaseId, isRecord } from '../internal/body.js';
import { DESCRIBE, type FieldRule, fitsType } from './field-rules.js';

/** The rules of the upload shape beyond the shared field types. */
type CaseRule = 'objects' | 'id' | 'nodeRef' | 'linkRef';

type Rule =
  | Extract<FieldRule['type'], 'string' | 'strings' | 'object' | 'uri' | 'dateTime' | 'date' | 'integer'>
  | CaseRule;

const DOCUMENT_RULES: Record<string, Rule> = {
  identifier: 'id',
  uri: 'uri',
  lastChangeDateTime: 'dateTime',
  title: 'string',
  creator: 'string',
  officialSourceURL: 'uri',
  publisher: 'string',
  description: 'string',
  language: 'string',
  version: 'string',
  caseVersion: 'string',
  adoptionStatus: 'string',
  statusStartDate: 'date',
  statusEndDate: 'date',
  licenseUri: 'uri',
  notes: 'string',
  subject: 'strings',
  extensions: 'object',
};
const DOCUMENT_REQUIRED = ['identifier', 'uri', 'lastChangeDateTime', 'title', 'creator'];

const ITEM_RULES: Record<string, Rule> = {
  identifier: 'id',
  uri: 'uri',
  lastChangeDateTime: 'dateTime',
  fullStatement: 'string',
  alternativeLabel: 'string',
  CFItemType: 'string',
  cfItemType: 'string',
  humanCodingScheme: 'string',
  listEnumeration: 'string',
  abbreviatedStatement: 'string',
  notes: 'string',
  language: 'string',
  statusStartDate: 'date',
  statusEndDate: 'date',
  conceptKeywords: 'strings',
  subject: 'strings',
  educationLevel: 'strings',
  CFItemTypeURI: 'linkRef',
  licenseURI: 'linkRef',
  extensions: 'object',
};
const ITEM_REQUIRED = ['identifier', 'uri', 'lastChangeDateTime', 'fullStatement'];

const ASSOCIATION_RULES: Record<string, Rule> = {
  identifier: 'id',
  uri: 'uri',
  lastChangeDateTime: 'dateTime',
  associationType: 'string',
  originNodeURI: 'nodeRef',
  destinationNodeURI: 'nodeRef',
  sequenceNumber: 'integer',
  extensions: 'object',
};
const ASSOCIATION_REQUIRED = [
  'identifier',
  'uri',
  'lastChangeDateTime',
  'associationType',
  'originNodeURI',
  'destinationNodeURI',
];

const DEFINITION_KEYS = [
  'CFItemTypes',
  'CFSubjects',
  'CFConcepts',
  'CFLicenses',
  'CFAssociationGroupings',
  'extensions',
];
const TOP_KEYS = ['CFDocument', 'CFItems', 'CFAssociations', 'CFDefinitions', 'extensions'];

const EXPECTED: Record<Rule, string> = {
  ...DESCRIBE,
  objects: 'an array of objects',
  id: 'an identifier of the form 8-4-4-4-12 hex digits',
  nodeRef: 'a node reference { title, identifier, uri }',
  linkRef: 'a link { title?, identifier?, uri? }',
};

function fits(rule: Rule, value: unknown): boolean {
  switch (rule) {
    case 'objects':
      return Array.isArray(value) && value.every(isRecord);
    case 'id':
      return isCaseId(value);
    case 'nodeRef':
      return (
        isRecord(value) &&
        Object.keys(value).every((key) => key === 'title' || key === 'identifier' || key === 'uri') &&
        typeof value.title === 'string' &&
        isCaseId(value.identifier) &&
        isAbsoluteUri(value.uri)
      );
    case 'linkRef':
      return (
        isRecord(value) &&
        (value.title === undefined || typeof value.title === 'string') &&
        (value.identifier === undefined || typeof value.identifier === 'string') &&
        (value.uri === undefined || typeof value.uri === 'string')
      );
    default:
      return fitsType(rule, value);
  }
}

function checkObject(
  problems: string[],
  where: string,
  value: unknown,
  rules: Record<string, Rule>,
  required: readonly string[],
): void {
  if (!isRecord(value)) {
    problems.push(`${where} must be an object`);
    return;
  }
  for (const key of required) {
    if (value[key] === undefined) problems.push(`${where}.${key} is required`);
  }
  for (const [key, entry] of Object.entries(value)) {
    const rule = rules[key];
    if (!rule) problems.push(`${where}.${key} is not a member of the upload shape`);
    else if (!fits(rule, entry)) problems.push(`${where}.${key} must be ${EXPECTED[rule]}`);
  }
}

/**
 * Checks a package upload body against the upload shape and the rules the stored package must keep: every
 * identifier a CASE id, unique within the package, and response-safe values (URIs, dates, integer sequence
 * numbers). Returns the problems found (at most `limit`), each naming its member; empty when the package is valid.
 */
export function packageProblems(body: unknown, limit = 10): string[] {
  const problems: string[] = [];
  if (!isRecord(body))
    return ['the package must be a JSON object with CFDocument, CFItems and CFAssociations'];
  for (const key of ['CFDocument', 'CFItems', 'CFAssociations']) {
    if (body[key] === undefined) problems.push(`${key} is required`);
  }
  for (const key of Object.keys(body)) {
    if (!TOP_KEYS.includes(key)) problems.push(`${key} is not a member of the upload shape`);
  }
  if (body.CFDocument !== undefined)
    checkObject(problems, 'CFDocument', body.CFDocument, DOCUMENT_RULES, DOCUMENT_REQUIRED);
  if (
    isRecord(body.CFDocument) &&
    body.CFDocument.caseVersion !== undefined &&
    body.CFDocument.caseVersion !== '1.1'
  ) {
    problems.push('CFDocument.caseVersion must be "1.1", the only CASE version this API serves');
  }
  const seen = new Set<string>();
  if (isRecord(body.CFDocument) && typeof body.CFDocument.identifier === 'string')
    seen.add(body.CFDocument.identifier.toLowerCase());
  for (const [key, rules, required] of [
    ['CFItems', ITEM_RULES, ITEM_REQUIRED],
    ['CFAssociations', ASSOCIATION_RULES, ASSOCIATION_REQUIRED],
  ] as const) {
    const list = body[key];
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      problems.push(`${key} must be an array`);
      continue;
    }
    for (let index = 0; index < list.length && problems.length < limit; index++) {
      const entry = list[index] as unknown;
      checkObject(problems, `${key}[${index}]`, entry, rules, required);
      const id = isRecord(entry) ? entry.identifier : undefined;
      if (typeof id === 'string') {
        if (seen.has(id.toLowerCase()))
          problems.push(`${key}[${index}].identifier ${id} is used twice in the package`);
        seen.add(id.toLowerCase());
      }
    }
  }
  if (body.CFDefinitions !== undefined) {
    if (!isRecord(body.CFDefinitions)) problems.push('CFDefinitions must be an object');
    else {
      for (const [key, value] of Object.entries(body.CFDefinitions)) {
        if (!DEFINITION_KEYS.includes(key))
          problems.push(`CFDefinitions.${key} is not a member of the upload shape`);
        else if (key === 'extensions' ? !isRecord(value) : !fits('objects', value)) {
          problems.push(
            `CFDefinitions.${key} must be ${key === 'extensions' ? 'an object' : 'an array of objects'}`,
          );
        }
      }
    }
  }
  if (body.extensions !== undefined && !isRecord(body.extensions))
    problems.push('extensions must be an object');
  return problems.slice(0, limit);
}
