#!/usr/bin/env node
import { serveStdio } from './server';

/**
 * `learnkit-mcp`: the LearnKit developer tools as an MCP server on stdio. stdout carries the protocol alone;
 * what a person should read goes to stderr, which MCP hosts show in their server logs.
 */
async function main(): Promise<void> {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    process.stderr.write(
      "Usage: learnkit-mcp\n\nServes the LearnKit developer tools over MCP (stdio). Configure it in your MCP host with:\n  LEARNKIT_BASE_URL         the platform, e.g. https://api.example.com\n  LEARNKIT_DEVELOPER_TOKEN  a developer's single-sign-on token (webhook subscriptions), or\n  LEARNKIT_CLIENT_ID and LEARNKIT_CLIENT_SECRET  client credentials\n",
    );
    return;
  }
  const running = await serveStdio();
  process.stderr.write(
    `learnkit-mcp: serving the LearnKit tools on stdio (${running.credentials === 'unconfigured' ? 'not configured: set LEARNKIT_BASE_URL and LEARNKIT_DEVELOPER_TOKEN or LEARNKIT_CLIENT_ID/LEARNKIT_CLIENT_SECRET' : `${running.credentials} credentials`})\n`,
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
