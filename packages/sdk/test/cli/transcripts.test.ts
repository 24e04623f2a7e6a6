// The shell transcripts of docs/cli.md and docs/mcp.md, run as written against a loopback mock platform
// (docs/decisions.md#d-cli-transcripts-run): `learnkit` and `learnkit-mcp` are the commands from src/.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MockPlatform } from '@learnkit/mock';
import { usePlatform } from '@learnkit/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_ARGS, ROOT, TSX } from './run-cli';
import { extractTranscripts, matchOutput, substitute } from './transcript';

const MCP = fileURLToPath(new URL('../../../mcp/src/cli.ts', import.meta.url));
const DOCS = ['docs/cli.md', 'docs/mcp.md'];

/** The publisher export of docs/cli.md's import transcript (the abridged OpenSALT file of docs/case.md). */
const OPENSALT_EXPORT = {
  CFDocument: {
    identifier: 'http://purl.org/ASN/resources/D10003FB',
    uri: 'https://standards.example.org/uri/D10003FB',
    creator: 'NGA Center',
    title: 'Common Core State Standards for Mathematics',
    lastChangeDateTime: '2016-09-28T21:40:01',
  },
  CFItems: [
    {
      identifier: 'http://purl.org/ASN/resources/S114340D',
      uri: 'https://standards.example.org/uri/S114340D',
      fullStatement: 'Geometry',
      humanCodingScheme: 'K.G',
      educationalLevel: 'KG',
      lastChangeDateTime: '2016-07-28T00:14:52',
    },
  ],
  CFAssociations: [
    {
      identifier: '5a411e1a-7137-11e6-92a8-0242ac130002',
      uri: 'https://standards.example.org/uri/5a411e1a-7137-11e6-92a8-0242ac130002',
      associationType: 'isChildOf',
      originNodeURI: {
        title: 'Origin',
        identifier: 'http://purl.org/ASN/resources/S114340D',
        uri: 'https://standards.example.org/uri/S114340D',
      },
      destinationNodeURI: {
        title: 'Destination',
        identifier: 'http://purl.org/ASN/resources/D10003FB',
        uri: 'https://standards.example.org/uri/D10003FB',
      },
      lastChangeDateTime: '2016-09-02T18:02:10',
    },
  ],
};

// One platform for the whole file, from the workspace harness: the processes below are started against it once.
const ctx = usePlatform('loopback', { scope: 'file' });
let platform: MockPlatform;
let cwd = '';
let env: Record<string, string>;

/** Runs one transcript command with bash, stdout and stderr as one stream, `learnkit` being the source CLI. */
function sh(command: string): Promise<string> {
  const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;
  const prelude = [
    `learnkit() { ${[process.execPath, ...NODE_ARGS].map(quote).join(' ')} "$@"; }`,
    `learnkit-mcp() { ${[process.execPath, '--import', TSX, '--conditions=@learnkit/source', MCP].map(quote).join(' ')} "$@"; }`,
  ].join('\n');
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', `${prelude}\n{ ${command}\n} 2>&1`], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: cwd, NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', () => resolve(output));
  });
}

beforeAll(async () => {
  platform = ctx.platform;
  cwd = mkdtempSync(join(tmpdir(), 'learnkit-transcripts-'));
  writeFileSync(join(cwd, 'opensalt-export.json'), JSON.stringify(OPENSALT_EXPORT, null, 2));
  // The body file of docs/cli.md's `learnkit api ... --body @quiz.json`.
  writeFileSync(
    join(cwd, 'quiz.json'),
    '{"status": "active", "title": "Fractions quiz", "class": {"sourcedId": "class-math-g3"}}\n',
  );
  env = {
    LEARNKIT_BASE_URL: ctx.baseUrl,
    LEARNKIT_CLIENT_ID: platform.clients.partner.clientId,
    LEARNKIT_CLIENT_SECRET: platform.clients.partner.clientSecret,
    LEARNKIT_DOCUMENT_ID: platform.fixtures.case.documentId,
  };
});

afterAll(async () => {
  rmSync(cwd, { recursive: true, force: true });
});

describe.each(DOCS)('the transcripts of %s', (doc) => {
  const blocks = extractTranscripts(readFileSync(join(ROOT, doc), 'utf8'));

  it('has transcripts', () => {
    expect(blocks.length).toBeGreaterThan(0);
  });

  it.each(blocks.map((steps) => [`line ${steps[0]!.line}`, steps] as const))(
    '%s prints what the doc shows',
    async (_where, steps) => {
      const bound = new Map<string, string>();
      for (const step of steps) {
        const output = await sh(substitute(step.command, bound));
        const actual = output.replace(/\n$/, '').split('\n');
        const failed = matchOutput(step.expected, actual, bound);
        expect(failed, `${doc}:${step.line}: $ ${step.command}\n--- printed:\n${output}`).toBeUndefined();
      }
    },
    120_000,
  );
});
