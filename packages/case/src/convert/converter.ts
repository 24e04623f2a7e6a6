import { isRecord, showValue } from '@learnkit/core/internal';
import { isAbsoluteUri, isCaseId } from '../internal/ids';
import { sameJson } from '../internal/same-json';
import { type ObjectRules, ORIGINAL_IDENTIFIER, type Rule } from './case-members';
import { nameBasedId, uriFor } from './identifiers';
import { isCleanTextList, isTextList } from './lists';
import { NodeIndex } from './node-index';
import { licence, link, node } from './references';
import type { At, Report } from './report';
import { type Json, own, put, type ReferenceContext, type Target } from './target';
import { importTime, type Normalised, normaliseDate, normaliseDateTime } from './timestamps';

const NOT_CASE = 'not a CASE 1.1 member';
const NOT_A_UUID = `not a uuid: the name-based uuid of the original, which is kept in extensions.${ORIGINAL_IDENTIFIER}`;
const NULL = 'null means absent';

/** What becomes of one member: dropped (the platform derives it), carried in `extensions`, or converted by rule. */
interface Handling {
  derived?: string;
  rule?: Rule;
}

const HANDLINGS = new WeakMap<ObjectRules, Map<string, Handling>>();

/**
 * The rules of a kind of object as one map by member name: one lookup per member, and only the names the rules
 * give (a member named `toString` is no member of the rules, as a plain object's lookup would have had it).
 */
function handlingOf(rules: ObjectRules): Map<string, Handling> {
  let map = HANDLINGS.get(rules);
  if (map === undefined) {
    map = new Map();
    for (const [key, rule] of Object.entries(rules.members)) map.set(key, { rule });
    for (const key of rules.carried) map.set(key, {});
    for (const [key, why] of Object.entries(rules.derived)) map.set(key, { derived: why });
    HANDLINGS.set(rules, map);
  }
  return map;
}

/** A target's `extensions`, made on the first member that goes there. */
const extensionsOf = (target: Target): Json => {
  target.extensions ??= {};
  return target.extensions;
};

/**
 * The repairs shared by every kind of CASE object: identifiers, members by rule, nulls, members that are not
 * CASE 1.1 (to `extensions`), and the package's nodes for association ends. One instance per conversion.
 */
export class Converter implements ReferenceContext {
  /** The document's `lastChangeDateTime` once known: what placeholder timestamps take. */
  documentTime: string | undefined;
  private importedAt: string | undefined;
  /** The converted document and items, for the association ends that name them. */
  readonly nodes = new NodeIndex();
  private readonly namedIds = new Map<string, string>();
  /** Timestamps read so far, by their text (see {@link dateTime}). */
  private readonly times = new Map<string, Normalised>();
  /** Titles of the definitions by identifier, for links without a title (`CFItemTypeURI`, `licenseURI`). */
  readonly definitionTitles = new Map<string, string>();

  constructor(readonly report: Report) {}

  /** The time a missing or placeholder timestamp takes: the document's, else the time of import. */
  fallbackTime(): { value: string; why: string } {
    if (this.documentTime !== undefined)
      return { value: this.documentTime, why: "the document's lastChangeDateTime" };
    this.importedAt ??= importTime();
    return { value: this.importedAt, why: 'the time of import' };
  }

  /** The stable uuid for an identifier that is not one (cached: a file repeats each id in every reference). */
  namedId(original: string): string {
    let id = this.namedIds.get(original);
    if (id === undefined) {
      id = nameBasedId(original);
      this.namedIds.set(original, id);
    }
    return id;
  }

  /**
   * `normaliseDateTime`, remembered by text: an exporter stamps a whole framework at a few moments (703 items, one
   * timestamp, in the Common Core file), so most timestamps are read once and share one value.
   */
  dateTime(raw: string): Normalised {
    let result = this.times.get(raw);
    if (result === undefined) {
      result = normaliseDateTime(raw);
      if (this.times.size < 10_000) this.times.set(raw, result);
    }
    return result;
  }

  /**
   * Converts one object by `rules`: identifier first, then every member in input order. Returns the target: its
   * output (with its `extensions` when there is any) and its identifier, undefined when it has none.
   */
  object(src: Json, at: At, rules: ObjectRules): Target {
    const lookup = handlingOf(rules);
    const target: Target = { out: {}, extensions: undefined, at, id: undefined, original: undefined };
    this.ownExtensions(src, target);
    this.identity(src, target, rules.unreferenced === true);
    const { id, original } = target;
    // for...in rather than Object.entries: no array of pairs per object (100,000-item packages).
    for (const key in src) {
      if (key === 'identifier' || key === 'sourcedId' || key === 'extensions') continue;
      const value = src[key];
      if (value === null) {
        this.report.repairIn(at, key, null, undefined, NULL);
        continue;
      }
      const handling = lookup.get(key);
      if (handling === undefined) this.toExtensions(target, key, value, NOT_CASE);
      else if (handling.derived !== undefined)
        this.report.repairIn(at, key, value, undefined, handling.derived);
      else if (handling.rule !== undefined) this.member(target, key, value, handling.rule);
      else this.carry(target, key, value);
    }
    if (id !== undefined) {
      if (original !== undefined) {
        extensionsOf(target)[ORIGINAL_IDENTIFIER] ??= original;
      }
      if (target.out.uri === undefined) {
        const uri = uriFor(id, original);
        this.report.repairIn(at, 'uri', src.uri, uri, 'no absolute uri: one made from the identifier');
        target.out.uri = uri;
      }
    }
    if (rules.members.lastChangeDateTime && target.out.lastChangeDateTime === undefined) {
      this.fillTime(target, undefined, 'required and missing');
    }
    if (target.extensions !== undefined) target.out.extensions = target.extensions;
    return target;
  }

  /** Copies the object's own `extensions`; anything but an object is kept inside it. */
  private ownExtensions(src: Json, target: Target): void {
    const value = src.extensions;
    if (value === undefined) return;
    if (isRecord(value)) {
      // Spread, not Object.assign: a member named "__proto__" stays a member.
      target.extensions = { ...value };
      return;
    }
    if (value === null) {
      this.report.repairIn(target.at, 'extensions', null, undefined, NULL);
      return;
    }
    target.extensions = { extensions: value };
    this.report.repairIn(
      target.at,
      'extensions',
      value,
      value,
      'extensions must be an object',
      target.at.grandchildText('extensions', 'extensions'),
    );
  }

  /**
   * The identifier: `identifier`, else `sourcedId`, else the uri's name-based uuid. A non-uuid becomes its own
   * name-based uuid (computed: seldom seen before), kept in extensions and remembered for the ends.
   */
  private identity(src: Json, target: Target, unreferenced: boolean): void {
    const { at } = target;
    const identifier = src.identifier ?? undefined;
    const sourcedId = src.sourcedId ?? undefined;
    if (src.identifier === null) this.report.repairIn(at, 'identifier', null, undefined, NULL);
    if (src.sourcedId === null) this.report.repairIn(at, 'sourcedId', null, undefined, NULL);
    let raw = identifier;
    if (identifier === undefined && sourcedId !== undefined) {
      raw = sourcedId;
      this.report.repairIn(
        at,
        'sourcedId',
        sourcedId,
        sourcedId,
        'CASE JSON is identifier-keyed',
        at.childText('identifier'),
      );
    } else if (sourcedId !== undefined) {
      if (sourcedId === identifier) {
        this.report.repairIn(at, 'sourcedId', sourcedId, undefined, 'the same as identifier');
      } else
        this.toExtensions(
          target,
          'sourcedId',
          sourcedId,
          `differs from identifier ${showValue(identifier)}, which wins`,
        );
    }
    if (typeof raw === 'number') raw = String(raw);
    if (typeof raw !== 'string' || raw.trim() === '') {
      if (raw !== undefined) this.toExtensions(target, 'identifier', raw, 'not an identifier');
      if (!isAbsoluteUri(src.uri)) return;
      const id = this.namedId(src.uri);
      this.report.repairIn(at, 'identifier', undefined, id, 'no identifier: the name-based uuid of the uri');
      target.out.identifier = id;
      target.id = id;
      return;
    }
    if (isCaseId(raw)) {
      target.out.identifier = raw;
      target.id = raw;
      return;
    }
    const id = nameBasedId(raw);
    if (!unreferenced) this.namedIds.set(raw, id);
    this.report.repairIn(at, 'identifier', raw, id, NOT_A_UUID);
    target.out.identifier = id;
    target.id = id;
    target.original = raw;
  }

  /** A CASE 1.1 member the upload shape lacks: into extensions under its own name, without a report. */
  private carry(target: Target, key: string, value: unknown): void {
    const extensions = extensionsOf(target);
    const existing = own(extensions, key);
    if (existing !== undefined && !sameJson(existing, value)) {
      this.report.repair(
        target.at.child('extensions').child(key),
        existing,
        value,
        `differs from ${key}, which wins`,
      );
    }
    put(extensions, key, value);
  }

  /** Moves a member to the object's `extensions`, value unchanged, and reports it. */
  toExtensions(target: Target, key: string, value: unknown, why: string): void {
    const extensions = extensionsOf(target);
    const existing = own(extensions, key);
    if (existing === undefined) {
      put(extensions, key, value);
      this.report.repairIn(target.at, key, value, value, why, target.at.grandchildText('extensions', key));
    } else if (sameJson(existing, value)) {
      this.report.repairIn(target.at, key, value, undefined, `${why}; extensions.${key} already holds it`);
    } else {
      this.report.repairIn(
        target.at,
        key,
        value,
        undefined,
        `${why}; extensions.${key} already holds another value, kept`,
      );
    }
  }

  /** Writes a repaired timestamp: the fallback time for a missing or placeholder value. */
  private fillTime(target: Target, before: unknown, what: string): void {
    const fill = this.fallbackTime();
    target.out.lastChangeDateTime = fill.value;
    this.report.repairIn(target.at, 'lastChangeDateTime', before, fill.value, `${what}: ${fill.why}`);
  }

  /** Carries one member into the upload shape by its rule, repairing what can be repaired. */
  member(target: Target, key: string, value: unknown, rule: Rule): void {
    const { out } = target;
    switch (rule) {
      case 'text':
      case 'itemType': {
        const text = this.text(target, key, value);
        if (text === undefined) return;
        if (rule === 'itemType' && text === '') {
          this.report.repairIn(target.at, key, value, undefined, 'an empty item type is no type');
          return;
        }
        out[key] = text;
        return;
      }
      case 'uri':
        if (isAbsoluteUri(value)) out.uri = value;
        else this.toExtensions(target, key, value, 'not an absolute URI');
        return;
      case 'url':
        if (isAbsoluteUri(value)) out[key] = value;
        else this.toExtensions(target, key, value, 'not an absolute URL');
        return;
      case 'dateTime': {
        const result = typeof value === 'string' ? this.dateTime(value) : ({ invalid: true } as const);
        if ('invalid' in result) this.fillTime(target, value, `not a date-time (${showValue(value)})`);
        else {
          if (result.why) this.report.repairIn(target.at, key, value, result.value, result.why);
          out[key] = result.value;
        }
        return;
      }
      case 'date': {
        const result = typeof value === 'string' ? normaliseDate(value) : ({ invalid: true } as const);
        if ('invalid' in result) this.toExtensions(target, key, value, 'not a date (YYYY-MM-DD)');
        else {
          if (result.why) this.report.repairIn(target.at, key, value, result.value, result.why);
          out[key] = result.value;
        }
        return;
      }
      case 'strings':
        this.strings(target, key, value);
        return;
      case 'integer':
        if (typeof value === 'number' && Number.isInteger(value)) out[key] = value;
        else if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) {
          out[key] = Number(value);
          this.report.repairIn(target.at, key, value, out[key], 'a number written as text');
        } else this.toExtensions(target, key, value, 'not an integer');
        return;
      case 'caseVersion':
        if (value === '1.1') out[key] = value;
        else if (value === 1.1) {
          out[key] = '1.1';
          this.report.repairIn(target.at, key, value, '1.1', 'a version written as a number');
        } else
          this.toExtensions(
            target,
            key,
            value,
            'the package is converted to CASE 1.1, the only version served',
          );
        return;
      case 'link': {
        const ref = link(this, target, key, value);
        if (ref !== undefined) out[key] = ref;
        return;
      }
      case 'node': {
        const end = node(this, value, target.at, key);
        if (end !== undefined) out[key] = end;
        return;
      }
      case 'licence':
        licence(this, target, key, value);
        return;
    }
  }

  /** A text member as a string; numbers and booleans are written as text, anything else moves to extensions. */
  private text(target: Target, key: string, value: unknown): string | undefined {
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') {
      this.report.repairIn(target.at, key, value, String(value), `a ${typeof value} written as text`);
      return String(value);
    }
    this.toExtensions(target, key, value, 'not text');
    return undefined;
  }

  /** A list of strings: a single string becomes a list (education levels split at commas); empty entries go. */
  private strings(target: Target, key: string, value: unknown): void {
    if (typeof value === 'string') {
      if (value.trim() === '') {
        this.toExtensions(target, key, value, 'an empty string, not a list');
        return;
      }
      const parts =
        key === 'educationLevel'
          ? value
              .split(',')
              .map((part) => part.trim())
              .filter(Boolean)
          : [value];
      target.out[key] = parts;
      this.report.repairIn(target.at, key, value, parts, 'a single string written as a list');
      return;
    }
    if (!Array.isArray(value) || !isTextList(value)) {
      this.toExtensions(target, key, value, 'not a list of strings');
      return;
    }
    if (isCleanTextList(value)) {
      // The usual list, copied at its length (a list grown by push keeps room for 17 entries).
      target.out[key] = value.slice();
      return;
    }
    const list: string[] = [];
    // The place of the list, made for its first repair only: most lists need none.
    let at: At | undefined;
    for (let i = 0; i < value.length; i++) {
      const entry: unknown = value[i];
      if (typeof entry === 'string' && entry !== '') list.push(entry);
      else if (typeof entry === 'number' || typeof entry === 'boolean') {
        list.push(String(entry));
        at ??= target.at.child(key);
        this.report.repairIn(at, i, entry, String(entry), `a ${typeof entry} written as text`);
      } else {
        at ??= target.at.child(key);
        this.report.repairIn(at, i, entry, undefined, 'an empty entry');
      }
    }
    target.out[key] = list;
  }
}
