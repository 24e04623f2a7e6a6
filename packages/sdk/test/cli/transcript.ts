// The shell transcripts of the docs (```console blocks), as the transcript test reads and checks them
// (docs/decisions.md#d-cli-transcripts-run).
//
// A block is a series of `$ command` lines, each followed by what it prints (stdout and stderr as one stream). In
// the expected output:
//   <NAME>   any word; the first one binds NAME, later ones must equal it, and `<NAME>` in a command is replaced
//            by it (a subscription id printed by one command and used by the next);
//   …        any text within a line; a line of `…` alone stands for any number of lines;
//   spaces   any run of spaces (table columns widen with the ids).

/** One command of a transcript and what it should print. */
export interface TranscriptStep {
  command: string;
  expected: string[];
  /** The line of the command in the markdown file (1-based). */
  line: number;
}

/** Every ```console block of `markdown`, as its steps. */
export function extractTranscripts(markdown: string): TranscriptStep[][] {
  const lines = markdown.split('\n');
  const blocks: TranscriptStep[][] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^```console\s*$/.test(lines[i]!)) continue;
    const steps: TranscriptStep[] = [];
    for (i++; i < lines.length && !/^```\s*$/.test(lines[i]!); i++) {
      const line = lines[i]!;
      if (line.startsWith('$ ')) steps.push({ command: line.slice(2), expected: [], line: i + 1 });
      else if (steps.length > 0) steps.at(-1)!.expected.push(line);
      else throw new Error(`line ${i + 1}: a console block must start with a $ command`);
    }
    blocks.push(steps);
  }
  return blocks;
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An expected line as a pattern; `<NAME>` becomes a named group (or the bound value). */
function linePattern(line: string, bound: ReadonlyMap<string, string>): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = line
    .trimEnd()
    .split(/(<[A-Z][A-Z0-9_]*>|…| {2,})/)
    .map((part) => {
      const placeholder = /^<([A-Z][A-Z0-9_]*)>$/.exec(part)?.[1];
      if (placeholder !== undefined) {
        const value = bound.get(placeholder);
        if (value !== undefined) return literal(value);
        if (names.includes(placeholder)) return `\\k<${placeholder}>`;
        names.push(placeholder);
        return `(?<${placeholder}>[^\\s"]+)`;
      }
      if (part === '…') return '.*?';
      if (/^ {2,}$/.test(part)) return ' +';
      return literal(part);
    })
    .join('');
  return { pattern: new RegExp(`^${source}$`), names };
}

/**
 * Matches `actual` output lines against `expected`, binding placeholders into `bound`. Returns undefined when
 * they match, else the first expected line that did not.
 */
export function matchOutput(
  expected: readonly string[],
  actual: readonly string[],
  bound: Map<string, string>,
): string | undefined {
  const go = (e: number, a: number): boolean => {
    if (e === expected.length) return a === actual.length;
    if (expected[e]!.trim() === '…') {
      for (let skip = a; skip <= actual.length; skip++) if (go(e + 1, skip)) return true;
      return false;
    }
    if (a === actual.length) return false;
    const { pattern, names } = linePattern(expected[e]!, bound);
    const match = pattern.exec(actual[a]!.trimEnd());
    if (!match) return false;
    for (const name of names) bound.set(name, match.groups![name]!);
    if (go(e + 1, a + 1)) return true;
    for (const name of names) bound.delete(name);
    return false;
  };
  if (go(0, 0)) return undefined;
  // Name the first line that fails on the straight path, for the message.
  for (let i = 0; i < expected.length; i++) {
    if (expected[i]!.trim() === '…') return expected[i];
    if (!linePattern(expected[i]!, bound).pattern.test((actual[i] ?? '').trimEnd())) return expected[i];
  }
  return '(output longer than expected)';
}

/** `command` with every bound `<NAME>` replaced by its value. */
export function substitute(command: string, bound: ReadonlyMap<string, string>): string {
  return command.replace(/<([A-Z][A-Z0-9_]*)>/g, (whole, name: string) => bound.get(name) ?? whole);
}
