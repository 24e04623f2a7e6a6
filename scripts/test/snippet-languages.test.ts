// The TypeScript snippet checks take the ts and js blocks of the docs and leave every other language to its own
// checks: the python blocks of docs/python.md are the Python package's (python/tests/test_docs.py), with their own
// info strings (docs/decisions.md#d-python-docs-run).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractSnippets } from '../packages/snippets';

describe('the snippet extractor', () => {
  it('takes ts blocks and leaves python and json blocks, whatever their info strings', () => {
    const markdown = [
      '```python run',
      'print("checked by the Python tests")',
      '```',
      '```json file=learnkit.config.json',
      '{}',
      '```',
      '```ts run',
      'console.log(1);',
      '```',
    ].join('\n');
    expect(extractSnippets('docs/x.md', markdown).map((s) => [s.language, s.kind, s.source])).toEqual([
      ['ts', 'run', 'console.log(1);\n'],
    ]);
  });

  it('takes tsx blocks as tsx, and the <script lang="ts"> of a vue or svelte block as ts (docs/decisions.md#d-snippets-tsx-vue-svelte)', () => {
    const markdown = [
      '```tsx',
      'export const A = () => <p />;',
      '```',
      '```vue',
      '<script setup lang="ts">',
      "import { ref } from 'vue';",
      'const n = ref(1);',
      '</script>',
      '',
      '<template><p>{{ n }}</p></template>',
      '```',
      '```svelte',
      '<script lang="ts">',
      "  import { writable } from 'svelte/store';",
      '  const n = writable(1);',
      '</script>',
      '',
      '<p>{$n}</p>',
      '```',
    ].join('\n');
    expect(extractSnippets('docs/x.md', markdown).map((s) => [s.language, s.source])).toEqual([
      ['tsx', 'export const A = () => <p />;\n'],
      ['ts', "import { ref } from 'vue';\nconst n = ref(1);\n"],
      ['ts', "import { writable } from 'svelte/store';\nconst n = writable(1);\n"],
    ]);
  });

  it('refuses a component block with no TypeScript to check, unless it says illustrative', () => {
    expect(() => extractSnippets('docs/x.md', '```vue\n<template><p /></template>\n```\n')).toThrow(
      /docs\/x\.md:1: a component block needs a <script lang="ts">/,
    );
    expect(
      extractSnippets('docs/x.md', '```vue illustrative\n<template><p /></template>\n```\n'),
    ).toHaveLength(1);
  });

  it('finds no TypeScript block in the Python guide, and reads it without choking', () => {
    const guide = readFileSync(new URL('../../docs/python.md', import.meta.url), 'utf8');
    expect(guide).toContain('```python run');
    expect(extractSnippets('docs/python.md', guide)).toEqual([]);
  });
});
