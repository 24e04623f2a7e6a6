import { isRecord, showValue } from '@learnkit/core';
import { isAbsoluteUri, isCaseId } from '../internal/ids';
import { sameJson } from '../internal/same-json';
import { type ObjectRules, ORIGINAL_IDENTIFIER, type Rule } from './case-members';
import { nameBasedId, uriFor } from './identifiers';
import { licence, link, node } from './references';
import type { At, Report } from './report';
import { type Json, put, type ReferenceContext, type Target } from './target';
import { importTime, normaliseDate, normaliseDateTime } from './timestamps';

const NOT_CASE = 'not a CASE 1.1 member';

/** The place of a target's `extensions`. */
const extensionsOf = (target: Target): At => {
  target.extensionsAt ??= target.at.child('extensions');
  return target.extensionsAt;
};

/**
 * The repairs shared by every kind of CASE object: identifiers, members by rule, nulls, members that are not
 * CASE 1.1 (to `extensions`), and the package's nodes for association ends. One instance per conversion.
 */
export class Converter implements ReferenceContext {
  /** The document's `lastChangeDateTime` once known: what placeholder timestamps take. */
  documentTime: string | undefined;
  private importedAt: string | undefined;
  /** The converted document and items by identifier, to complete association ends that point at them. */
  private readonly nodes = new Map<string, Json>();
  /** The same by uri, built on first need (only ends without a uuid need it). */
  private nodesByUri: Map<string, string> | undefined;
  private readonly namedIds = new Map<string, string>();
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

  /** Records a converted node (the document or an item) for the association ends that name it. */
  remember(id: string | undefined, out: Json): void {
    if (id !== undefined) this.nodes.set(id, out);
  }

  /** A package node as an association end sees it: its title (an item's statement) and uri. */
  known(id: string): { title: string | undefined; uri: string | undefined } | undefined {
    const out = this.nodes.get(id);
    if (out === undefined) return undefined;
    const title = out.fullStatement ?? out.title;
    return {
      title: typeof title === 'string' ? title : undefined,
      uri: typeof out.uri === 'string' ? out.uri : undefined,
    };
  }

  /** The identifier of the package node with this uri, if any. */
  nodeByUri(uri: string): string | undefined {
    if (this.nodesByUri === undefined) {
      this.nodesByUri = new Map();
      for (const [id, out] of this.nodes) if (typeof out.uri === 'string') this.nodesByUri.set(out.uri, id);
    }
    return this.nodesByUri.get(uri);
  }

  /**
   * Converts one object by `rules`: identifier first, then every member in input order. Returns the output (its
   * `extensions` included when there is any) and the identifier, or undefined when it has none.
   */
  object(
    src: Json,
    at: At,
    rules: ObjectRules,
  ): { out: Json; id: string | undefined; original: string | undefined } {
    const target: Target = { out: {}, extensions: {}, at };
    const hadExtensions = this.ownExtensions(src, target);
    const { id, original } = this.identity(src, target);
    // for...in rather than Object.entries: no array of pairs per object (100,000-item packages).
    for (const key in src) {
      if (key === 'identifier' || key === 'sourcedId' || key === 'extensions') continue;
      const value = src[key];
      if (value === null) {
        this.report.repair(at.child(key), null, undefined, 'null means absent');
        continue;
      }
      const derived = rules.derived[key];
      if (derived !== undefined) this.report.repair(at.child(key), value, undefined, derived);
      else if (rules.carried.includes(key)) this.carry(target, key, value);
      else {
        const rule = rules.members[key];
        if (rule === undefined) this.toExtensions(target, key, value, NOT_CASE);
        else this.member(target, key, value, rule);
      }
    }
    if (id !== undefined) {
      if (original !== undefined) target.extensions[ORIGINAL_IDENTIFIER] ??= original;
      if (target.out.uri === undefined) {
        const uri = uriFor(id, original);
        this.report.repair(at.child('uri'), src.uri, uri, 'no absolute uri: one made from the identifier');
        target.out.uri = uri;
      }
    }
    if (rules.members.lastChangeDateTime && target.out.lastChangeDateTime === undefined) {
      this.fillTime(target, undefined, 'required and missing');
    }
    if (hadExtensions || Object.keys(target.extensions).length > 0) target.out.extensions = target.extensions;
    return { out: target.out, id, original };
  }

  /** Copies the object's own `extensions`; anything but an object is kept inside it. True when it had one. */
  private ownExtensions(src: Json, target: Target): boolean {
    const value = src.extensions;
    if (value === undefined) return false;
    if (isRecord(value)) {
      // Spread, not Object.assign: a member named "__proto__" stays a member.
      target.extensions = { ...value };
      return true;
    }
    const at = target.at.child('extensions');
    if (value === null) {
      this.report.repair(at, null, undefined, 'null means absent');
      return false;
    }
    target.extensions.extensions = value;
    this.report.repair(at, value, value, 'extensions must be an object', at.child('extensions'));
    return true;
  }

  /**
   * The identifier: `identifier`, else `sourcedId` (the response shape), else a name-based uuid of the `uri`. One
   * that is not a uuid is replaced by the name-based uuid of the original, which is kept in extensions.
   */
  private identity(src: Json, target: Target): { id: string | undefined; original: string | undefined } {
    const { at } = target;
    const identifier = src.identifier ?? undefined;
    const sourcedId = src.sourcedId ?? undefined;
    if (src.identifier === null)
      this.report.repair(at.child('identifier'), null, undefined, 'null means absent');
    if (src.sourcedId === null)
      this.report.repair(at.child('sourcedId'), null, undefined, 'null means absent');
    let raw = identifier;
    if (identifier === undefined && sourcedId !== undefined) {
      raw = sourcedId;
      this.report.repair(
        at.child('sourcedId'),
        sourcedId,
        sourcedId,
        'CASE JSON is identifier-keyed',
        at.child('identifier'),
      );
    } else if (sourcedId !== undefined) {
      if (sourcedId === identifier) {
        this.report.repair(at.child('sourcedId'), sourcedId, undefined, 'the same as identifier');
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
      if (!isAbsoluteUri(src.uri)) return { id: undefined, original: undefined };
      const id = this.namedId(src.uri);
      this.report.repair(
        at.child('identifier'),
        undefined,
        id,
        'no identifier: the name-based uuid of the uri',
      );
      target.out.identifier = id;
      return { id, original: undefined };
    }
    if (isCaseId(raw)) {
      target.out.identifier = raw;
      return { id: raw, original: undefined };
    }
    const id = this.namedId(raw);
    this.report.repair(
      at.child('identifier'),
      raw,
      id,
      `not a uuid: the name-based uuid of the original, which is kept in extensions.${ORIGINAL_IDENTIFIER}`,
    );
    target.out.identifier = id;
    return { id, original: raw };
  }

  /** A CASE 1.1 member the upload shape lacks: into extensions under its own name, without a report. */
  private carry(target: Target, key: string, value: unknown): void {
    const existing = target.extensions[key];
    if (existing !== undefined && !sameJson(existing, value)) {
      this.report.repair(extensionsOf(target).child(key), existing, value, `differs from ${key}, which wins`);
    }
    put(target.extensions, key, value);
  }

  /** Moves a member to the object's `extensions`, value unchanged, and reports it. */
  toExtensions(target: Target, key: string, value: unknown, why: string): void {
    const at = target.at.child(key);
    const to = extensionsOf(target).child(key);
    const existing = target.extensions[key];
    if (existing === undefined) {
      put(target.extensions, key, value);
      this.report.repair(at, value, value, why, to);
    } else if (sameJson(existing, value)) {
      this.report.repair(at, value, undefined, `${why}; extensions.${key} already holds it`);
    } else {
      this.report.repair(at, value, undefined, `${why}; extensions.${key} already holds another value, kept`);
    }
  }

  /** Writes a repaired timestamp: the fallback time for a missing or placeholder value. */
  private fillTime(target: Target, before: unknown, what: string): void {
    const fill = this.fallbackTime();
    target.out.lastChangeDateTime = fill.value;
    this.report.repair(target.at.child('lastChangeDateTime'), before, fill.value, `${what}: ${fill.why}`);
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
          this.report.repair(target.at.child(key), value, undefined, 'an empty item type is no type');
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
        const result = typeof value === 'string' ? normaliseDateTime(value) : ({ invalid: true } as const);
        if ('invalid' in result) this.fillTime(target, value, `not a date-time (${showValue(value)})`);
        else {
          if (result.why) this.report.repair(target.at.child(key), value, result.value, result.why);
          out[key] = result.value;
        }
        return;
      }
      case 'date': {
        const result = typeof value === 'string' ? normaliseDate(value) : ({ invalid: true } as const);
        if ('invalid' in result) this.toExtensions(target, key, value, 'not a date (YYYY-MM-DD)');
        else {
          if (result.why) this.report.repair(target.at.child(key), value, result.value, result.why);
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
          this.report.repair(target.at.child(key), value, out[key], 'a number written as text');
        } else this.toExtensions(target, key, value, 'not an integer');
        return;
      case 'caseVersion':
        if (value === '1.1') out[key] = value;
        else if (value === 1.1) {
          out[key] = '1.1';
          this.report.repair(target.at.child(key), value, '1.1', 'a version written as a number');
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
        const end = node(this, value, target.at.child(key));
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
      this.report.repair(target.at.child(key), value, String(value), `a ${typeof value} written as text`);
      return String(value);
    }
    this.toExtensions(target, key, value, 'not text');
    return undefined;
  }

  /** A list of strings: a single string becomes a list (education levels split at commas); empty entries go. */
  private strings(target: Target, key: string, value: unknown): void {
    const at = target.at.child(key);
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
      this.report.repair(at, value, parts, 'a single string written as a list');
      return;
    }
    if (!Array.isArray(value) || value.some((entry) => typeof entry === 'object' && entry !== null)) {
      this.toExtensions(target, key, value, 'not a list of strings');
      return;
    }
    const list: string[] = [];
    for (let i = 0; i < value.length; i++) {
      const entry: unknown = value[i];
      if (typeof entry === 'string' && entry !== '') list.push(entry);
      else if (typeof entry === 'number' || typeof entry === 'boolean') {
        list.push(String(entry));
        this.report.repair(at.child(i), entry, String(entry), `a ${typeof entry} written as text`);
      } else this.report.repair(at.child(i), entry, undefined, 'an empty entry');
    }
    target.out[key] = list;
  }
}
