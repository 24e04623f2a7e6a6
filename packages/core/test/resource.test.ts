import { describe, expect, it } from 'vitest';
import { ValidationError } from '../src/index';
import { checkId, pathBodyInit, pathInit, Resource, resourcesOver } from '../src/internal/index';

/** A resource over a stand-in client, reading it the way the packages' methods do. */
class Things extends Resource<{ name: string }> {
  clientName(): string {
    return this.http.name;
  }
}

describe('Resource', () => {
  it('gives its methods the client, which is no member of the object', () => {
    const things = new Things({ name: 'shared' });
    expect(things.clientName()).toBe('shared');
    expect(Object.keys(things)).toEqual([]);
    expect(Object.getOwnPropertyNames(things)).toEqual([]);
    expect(JSON.stringify(things)).toBe('{}');
  });
});

describe('pathInit and pathBodyInit', () => {
  it('build the path parameters and the checked call settings', () => {
    const signal = new AbortController().signal;
    expect(pathInit({ sourcedId: 'a' }, undefined)).toEqual({
      params: { path: { sourcedId: 'a' } },
      options: {},
    });
    expect(pathInit({ appId: 'b' }, { timeoutMs: 5, signal })).toEqual({
      params: { path: { appId: 'b' } },
      options: { timeoutMs: 5, signal },
    });
    expect(pathInit({ sessionId: 'c' }, undefined, { idempotent: true }).options).toEqual({
      idempotent: true,
    });
    expect(pathBodyInit({ sourcedId: 'd' }, { name: 'x' }, undefined)).toEqual({
      params: { path: { sourcedId: 'd' } },
      body: { name: 'x' },
      options: {},
    });
  });

  it('refuse unknown options as every method does', () => {
    expect(() => pathInit({ sourcedId: 'a' }, { timeout: 5 })).toThrow(ValidationError);
    expect(() => pathBodyInit({ sourcedId: 'a' }, {}, 'fast')).toThrow(ValidationError);
    expect(() => pathInit({ sourcedId: checkId(' ', 'id') }, undefined)).toThrow(/id: must be a non-empty/);
  });
});

describe('resourcesOver', () => {
  it('builds each class over the one client, in a frozen object', () => {
    const client = { name: 'one' };
    const group = resourcesOver(client, { first: Things, second: Things });
    expect(Object.keys(group)).toEqual(['first', 'second']);
    expect(group.first).toBeInstanceOf(Things);
    expect(group.second.clientName()).toBe('one');
    expect(group.first).not.toBe(group.second);
    expect(Object.isFrozen(group)).toBe(true);
  });
});
