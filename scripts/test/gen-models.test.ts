// The named model interfaces of the family packages, from a small document of every shape the generator reads
// (docs/decisions.md#d-generated-model-interfaces), and the checked-in files as a reader meets them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain ESM script without type declarations
import { familyModels } from '../gen/models.mjs';

const repoRoot = join(import.meta.dirname, '..', '..');
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** A document with one model of each shape, the result of one operation of the oneroster package. */
const document = {
  components: {
    schemas: {
      Status: { type: 'string', enum: ['active', 'tobedeleted'], description: 'The status of an object.' },
      Base: {
        type: 'object',
        required: ['sourcedId'],
        properties: {
          sourcedId: { type: 'string' },
          dateLastModified: { type: 'string', format: 'date-time' },
        },
      },
      Tag: { type: 'object', required: ['label'], properties: { label: { type: 'string', minLength: 1 } } },
      NullableTag: { anyOf: [ref('Tag'), { type: 'null' }] },
      Widget: {
        description:
          'A widget. Decision: its `size` is a whole number (see docs/decisions.md#d-generated-model-interfaces).',
        allOf: [
          ref('Base'),
          {
            type: 'object',
            required: ['status', 'size'],
            properties: {
              status: ref('Status'),
              size: { type: 'integer', minimum: 1, maximum: 9, description: 'How big it is.' },
              colour: { type: ['string', 'null'], examples: ['red'] },
              tags: { type: 'array', items: ref('Tag') },
              best: ref('NullableTag'),
              extra: { type: 'object', additionalProperties: true },
            },
          },
        ],
      },
      WidgetList: { type: 'object', properties: { widgets: { type: 'array', items: ref('Widget') } } },
    },
  },
};

const resources = {
  documents: { oneroster: document },
  operations: [
    {
      package: 'oneroster',
      models: { prefix: 'OneRoster' },
      result: { schema: 'WidgetList' },
      page: 'widgets',
    },
    {
      package: 'oneroster',
      models: { prefix: 'OneRoster' },
      result: { schema: 'Widget' },
      sdkPath: 'oneroster.widgets',
      method: 'get',
      example: "const { size } = await lk.oneroster.widgets.get('w-1');",
    },
  ],
};

const source: string = familyModels('oneroster', resources).content;

/** The text of one declaration of the generated source, from its doc comment to its end. */
function declarationOf(name: string): string {
  const start = source.lastIndexOf('/**', source.indexOf(` ${name} `));
  const end = source.indexOf('\n}\n', start);
  return source.slice(start, end === -1 ? undefined : end + 2);
}

describe('the generated models', () => {
  it('declares one interface per named schema, prefixed, and leaves out pages and nullable wrappers', () => {
    const declared = [...source.matchAll(/^export (interface|type) (\w+)/gm)].map((m) => `${m[1]} ${m[2]}`);
    expect(declared).toEqual([
      'interface OneRosterBase',
      'type OneRosterStatus',
      'interface OneRosterTag',
      'interface OneRosterWidget',
    ]);
  });

  it('flattens allOf, keeps required and optional members, and writes enums, nulls and arrays by name', () => {
    const widget = declarationOf('OneRosterWidget');
    expect(widget).toContain('  sourcedId: string;');
    expect(widget).toContain('  dateLastModified?: string;');
    expect(widget).toContain('  status: OneRosterStatus;');
    expect(widget).toContain('  size: number;');
    expect(widget).toContain('  colour?: string | null;');
    expect(widget).toContain('  tags?: OneRosterTag[];');
    expect(widget).toContain('  best?: OneRosterTag | null;');
    expect(source).toContain("export type OneRosterStatus = 'active' | 'tobedeleted';");
  });

  it('gives an index signature only where the schema allows other members', () => {
    const widget = declarationOf('OneRosterWidget');
    expect(widget).toContain('  extra?: { [key: string]: unknown };');
    expect(widget.match(/\[key: string\]/g)).toHaveLength(1);
    expect(declarationOf('OneRosterTag')).not.toContain('[key: string]');
  });

  it('documents the model, with an example from the map, and each member, with constraints; decisions as @see', () => {
    const widget = declarationOf('OneRosterWidget');
    const link = 'docs/decisions.md#d-generated-model-interfaces';
    const example = "const { size } = await lk.oneroster.widgets.get('w-1');";
    const intro = `/**\n * A widget. Its \`size\` is a whole number.\n *\n * @see ${link}\n`;
    expect(widget.startsWith(`${intro} * @example\n * ${example}\n */`)).toBe(true);
    expect(widget).toContain('/** How big it is. From 1 to 9. */');
    expect(widget).toContain('/** When the object last changed. Format `date-time`. */');
    expect(widget).toMatch(/\* The colour\.\n\s+\*\n\s+\* @example 'red'/);
    expect(declarationOf('OneRosterTag')).toContain('/** The label. At least 1 character. */');
    const members = widget.split('\n').filter((line) => /^ {2}\w+\??: /.test(line));
    const docs = widget.split('\n').filter((line) => /^ {2}\/\*\*/.test(line));
    expect(docs).toHaveLength(members.length);
  });

  it('refuses two schemas given one public name, naming both', () => {
    const clash = {
      ...resources,
      operations: [{ ...resources.operations[0], models: { prefix: 'OneRoster', Tag: 'OneRosterBase' } }],
    };
    expect(() => familyModels('oneroster', clash)).toThrow(
      /schemas Base and Tag of oneroster are both model OneRosterBase/,
    );
  });

  it('writes the same source for the same document', () => {
    expect(familyModels('oneroster', resources).content).toBe(source);
  });
});

describe('the checked-in models of case, oneroster and platform', () => {
  for (const pkg of ['case', 'oneroster', 'platform']) {
    it(`@learnkit/${pkg} names every model's fields itself, documents each, within 120 columns`, () => {
      const text = readFileSync(join(repoRoot, 'packages', pkg, 'src', 'generated', 'models.ts'), 'utf8');
      expect(text).not.toMatch(/Schemas\[/);
      expect(text).not.toMatch(/^import /m);
      expect(text.split('\n').filter((line) => line.length > 120)).toEqual([]);
      // A code span is never cut over two lines of a doc comment.
      expect(text.split('\n').filter((line) => (line.match(/`/g)?.length ?? 0) % 2 === 1)).toEqual([]);
      const lines = text.split('\n');
      const undocumented = lines.filter(
        (line, i) => /^\s+['\w]+\??: /.test(line) && !/\*\/$/.test(lines[i - 1] ?? ''),
      );
      expect(undocumented).toEqual([]);
    });
  }
});
