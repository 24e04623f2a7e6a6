#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { ValidationError } from '@learnkit/sdk';
import { TAGS } from './selection';
import { serveToolsOnStdio } from './server';
import { buildTools } from './tools';

/** `words` joined by `, ` in lines of at most `width` characters, each after `indent`. */
function wrap(words: readonly string[], indent: string, width = 96): string {
  const lines: string[] = [];
  let line = '';
  for (const [i, word] of words.entries()) {
    const piece = `${word}${i < words.length - 1 ? ',' : ''}`;
    if (line !== '' && indent.length + line.length + 1 + piece.length > width) {
      lines.push(line);
      line = piece;
    } else line = line === '' ? piece : `${line} ${piece}`;
  }
  lines.push(line);
  return lines.map((entry) => `${indent}${entry}`).join('\n');
}

const USAGE = `Usage: learnkit-mcp [--tools CHOICE] [--list-tools]

Serves the LearnKit platform's tools over MCP (stdio). Configure it in your MCP host with:
  LEARNKIT_ENVIRONMENT      the platform's environment: sandbox, production or staging, or
  LEARNKIT_BASE_URL         the platform's address, e.g. https://api.example.com (wins over it)
  LEARNKIT_DEVELOPER_TOKEN  a developer's single-sign-on token (webhook subscriptions), or
  LEARNKIT_CLIENT_ID and LEARNKIT_CLIENT_SECRET  client credentials

Options:
  --tools CHOICE  the tools to serve, several comma-separated (default: the read tools and the
                  six developer tools): read, write, all, or an OpenAPI tag of the operations:
${wrap(TAGS, '                    ')}
                  dynamic: three tools that list, describe and call the operations instead
  --list-tools    print the tools CHOICE serves, and exit
  -h, --help      print this help
`;

/** What `--list-tools` prints: one line per tool (name, read/write/destructive, route or title), then the count. */
function listing(built: ReturnType<typeof buildTools>, choice: string): string {
  const { tools, served, selected } = built;
  const width = Math.max(...served.map((tool) => tool.name.length));
  const lines = served.map((tool) => {
    const { readOnlyHint, destructiveHint } = tool.annotations;
    const kind = readOnlyHint ? 'read' : destructiveHint ? 'destructive' : 'write';
    return `${tool.name.padEnd(width)}  ${kind.padEnd(11)}  ${tool.route ?? tool.title}`;
  });
  const what = tools.dynamic ? `dynamic tools over ${selected.length} operations` : 'tools';
  return `${lines.join('\n')}\n${served.length} ${what} (--tools ${choice})\n`;
}

/**
 * `learnkit-mcp`: the LearnKit tools as an MCP server on stdio. stdout carries the protocol alone; what a person
 * should read goes to stderr, which MCP hosts show in their server logs (`--list-tools`, which serves nothing,
 * prints to stdout). A bad option exits with 2 (docs/decisions.md#d-mcp-tool-selection).
 */
async function main(): Promise<void> {
  let values: { tools?: string | undefined; 'list-tools'?: boolean | undefined; help?: boolean | undefined };
  try {
    ({ values } = parseArgs({
      options: {
        tools: { type: 'string' },
        'list-tools': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    process.stderr.write(`learnkit-mcp: ${(error as Error).message}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (values.help) {
    process.stderr.write(USAGE);
    return;
  }
  const choice = values.tools ?? 'default';
  let built: ReturnType<typeof buildTools>;
  try {
    built = buildTools({ tools: choice });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    process.stderr.write(`learnkit-mcp: --tools ${error.issues.map((issue) => issue.message).join('; ')}\n`);
    process.exitCode = 2;
    return;
  }
  if (values['list-tools']) {
    process.stdout.write(listing(built, choice));
    return;
  }
  const { tools } = built;
  const running = await serveToolsOnStdio(tools);
  process.stderr.write(
    `learnkit-mcp: serving ${tools.dynamic ? `the dynamic tools (--tools ${choice})` : `${tools.definitions.length} LearnKit tools (--tools ${choice})`} on stdio (${running.credentials === 'unconfigured' ? 'not configured: set LEARNKIT_ENVIRONMENT (or LEARNKIT_BASE_URL) and LEARNKIT_DEVELOPER_TOKEN or LEARNKIT_CLIENT_ID/LEARNKIT_CLIENT_SECRET' : `${running.credentials} credentials`})\n`,
  );
  const stop = () => {
    void running.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`learnkit-mcp: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
