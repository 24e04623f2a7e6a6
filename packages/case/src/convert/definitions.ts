import { isRecord } from '@learnkit/core/internal';
import {
  DEFINITION_LISTS,
  DEFINITIONS,
  type DefinitionList,
  type ObjectRules,
  type Rule,
} from './case-members';
import type { Converter } from './converter';
import { listEntries } from './lists';
import { At } from './report';
import { type Json, put } from './target';

/** The rules of a definition entry: its members are text, besides its uri and timestamp. */
function rulesOf(list: DefinitionList): ObjectRules {
  const members: Record<string, Rule> = { uri: 'uri', lastChangeDateTime: 'dateTime' };
  for (const member of DEFINITIONS[list].members) members[member] = 'text';
  return { members, carried: [], derived: {} };
}

const RULES = Object.fromEntries(DEFINITION_LISTS.map((list) => [list, rulesOf(list)])) as Record<
  DefinitionList,
  ObjectRules
>;

/**
 * One entry of a `CFDefinitions` list as IMS CASE 1.1 defines it: the same repairs as any CASE object (nulls
 * dropped, timestamps zoned, identifiers, other members to `extensions`), then the members the IMS schema requires
 * filled from what is known: a `CFItemType`'s `description` from its title, a `hierarchyCode` from the entry's
 * position, a `CFLicense`'s `licenseText` from its description or uri (docs/decisions.md#d-case-json-definitions).
 */
export function definitionEntry(
  c: Converter,
  src: unknown,
  path: At,
  list: DefinitionList,
  index: number,
  fillTitle = false,
): Json | undefined {
  if (!isRecord(src)) {
    c.report.problem(path, 'must be an object (a CASE definition)');
    return undefined;
  }
  const { out, id } = c.object(src, path, RULES[list]);
  if (id === undefined)
    c.report.problem(path.child('identifier'), 'is required (no identifier, nor a uri to make one from)');
  if (typeof out.title !== 'string') {
    if (!fillTitle) {
      c.report.problem(path.child('title'), 'is required: a definition needs a title');
      return out;
    }
    out.title = String(out.typeCode ?? out.hierarchyCode ?? out.identifier);
  }
  const title = out.title as string;
  if (id !== undefined) c.definitionTitles.set(id, title);
  const required: readonly string[] = DEFINITIONS[list].required;
  const fill = (member: string, value: string, why: string) => {
    if (!required.includes(member) || out[member] !== undefined) return;
    out[member] = value;
    c.report.repair(path.child(member), undefined, value, `required by CASE 1.1: ${why}`);
  };
  fill('description', title, 'the title');
  fill('hierarchyCode', String(index + 1), 'the position in the list');
  fill(
    'licenseText',
    (out.description as string | undefined) ?? (out.uri as string),
    'the description, else the uri',
  );
  return out;
}

/** `CFDefinitions`: each list normalised entry by entry; members that are not lists move to its `extensions`. */
export function definitions(c: Converter, src: unknown, fillTitle = false): Json | undefined {
  const path = At.of(['CFDefinitions']);
  if (!isRecord(src)) {
    c.report.problem(
      path,
      'must be an object with CFItemTypes, CFSubjects, CFConcepts, CFLicenses, CFAssociationGroupings',
    );
    return undefined;
  }
  const out: Json = {};
  const extensions: Json = {};
  for (const [key, value] of Object.entries(src)) {
    const at = path.child(key);
    if (value === null) c.report.repair(at, null, undefined, 'null means absent');
    else if (key === 'extensions' && isRecord(value))
      for (const [k, v] of Object.entries(value)) put(extensions, k, v);
    else if (Object.hasOwn(DEFINITIONS, key)) {
      const list = listEntries(c.report, value, at, key);
      if (list) {
        out[key] = list.entries.map(
          (entry, i) => definitionEntry(c, entry, list.at(i), key as DefinitionList, i, fillTitle) ?? {},
        );
      }
    } else {
      put(extensions, key, value);
      c.report.repair(
        at,
        value,
        value,
        'not a CASE 1.1 definition list',
        path.child('extensions').childText(key),
      );
    }
  }
  if (Object.keys(extensions).length > 0 || isRecord(src.extensions)) out.extensions = extensions;
  return out;
}
