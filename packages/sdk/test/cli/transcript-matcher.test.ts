// The matcher of the docs' transcripts can fail: placeholders bind and must agree, … skips, columns flex.
import { describe, expect, it } from 'vitest';
import { extractTranscripts, matchOutput, substitute } from './transcript';

describe('matchOutput', () => {
  it('binds <NAME> once, then holds later lines and commands to the same value', () => {
    const bound = new Map<string, string>();
    expect(matchOutput(['Created <ID>', 'id <ID>'], ['Created 3f1c', 'id 3f1c'], bound)).toBeUndefined();
    expect(bound.get('ID')).toBe('3f1c');
    expect(substitute('learnkit webhooks delete app <ID>', bound)).toBe('learnkit webhooks delete app 3f1c');
    expect(matchOutput(['id <ID>'], ['id 9999'], bound)).toBe('id <ID>');
  });

  it('lets … stand for text in a line or for any number of lines, and spaces for any run of them', () => {
    const bound = new Map<string, string>();
    expect(matchOutput(['a', '…', 'z'], ['a', 'b', 'c', 'z'], bound)).toBeUndefined();
    expect(matchOutput(['a', '…', 'z'], ['a', 'z'], bound)).toBeUndefined();
    expect(matchOutput(['created  …'], ['created         2026-01-01T00:00:00Z'], bound)).toBeUndefined();
    expect(matchOutput(['a', 'z'], ['a', 'b', 'z'], bound)).toBe('z');
    expect(matchOutput(['a'], ['a', 'extra'], bound)).toBe('(output longer than expected)');
  });

  it('reads console blocks as commands and their output', () => {
    const blocks = extractTranscripts('text\n```console\n$ learnkit events\nline 1\nline 2\n$ echo\n```\n');
    expect(blocks).toEqual([
      [
        { command: 'learnkit events', expected: ['line 1', 'line 2'], line: 3 },
        { command: 'echo', expected: [], line: 6 },
      ],
    ]);
  });
});
