import { spawn } from 'node:child_process';
import { LearnKit } from '../learnkit';
import type { CommandContext } from './context';
import { CliError, EXIT } from './exit-codes';
import { type Studio, startStudio } from './studio/start';

/** The mock's default partner client, the same as `createMockPlatform().clients.partner`. */
async function mockPartner(): Promise<{ clientId: string; clientSecret: string }> {
  const { createMockPlatform } = await import('@learnkit/mock');
  const platform = createMockPlatform();
  platform.close();
  return platform.clients.partner;
}

/** The port option as a number, refused before anything starts when it is none. */
function portOf(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new CliError(
      EXIT.usage,
      `--port must be a whole number from 0 to 65535 (got "${String(value)}"); 0 picks a free port`,
    );
  }
  return port;
}

/**
 * The partner's client for a platform the studio reads, read-only: `--platform URL` with the LEARNKIT_CLIENT_*
 * credentials or else the mock's default partner (a running mock); `--environment E` with the profile's or the
 * environment's credentials, as every other command (docs/decisions.md#d-studio-remote).
 */
async function remoteClient(ctx: CommandContext, env: CommandEnv): Promise<LearnKit | undefined> {
  const platformUrl = ctx.options.platform as string | undefined;
  if (platformUrl !== undefined) {
    const credentials =
      env.LEARNKIT_CLIENT_ID && env.LEARNKIT_CLIENT_SECRET
        ? { clientId: env.LEARNKIT_CLIENT_ID, clientSecret: env.LEARNKIT_CLIENT_SECRET }
        : await mockPartner();
    ctx.out.hide(credentials.clientSecret);
    return new LearnKit({ baseUrl: platformUrl, ...credentials, env: {} });
  }
  if (ctx.options.environment !== undefined) return ctx.lk();
  return undefined;
}

type CommandEnv = Readonly<Record<string, string | undefined>>;

/** Opens `url` in the desktop's browser, quietly: a machine without one still has the printed URL. */
function openBrowser(url: string): void {
  const command =
    process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  try {
    const child = spawn(command, [url], { detached: true, stdio: 'ignore' });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // no opener: the URL is printed
  }
}

/** The lines `learnkit studio` prints: the page, the platform, and the credentials a local app should use. */
async function announce(ctx: CommandContext, studio: Studio, remote: LearnKit | undefined): Promise<void> {
  ctx.out.out(`studio    ${studio.url}`);
  ctx.out.out(`platform  ${studio.platformUrl}${remote ? ' (read-only)' : ''}`);
  if (studio.platform) {
    const { partner } = studio.platform.clients;
    ctx.out.out(`LEARNKIT_BASE_URL=${studio.platformUrl}`);
    ctx.out.out(`LEARNKIT_CLIENT_ID=${partner.clientId}`);
    ctx.out.out(`LEARNKIT_CLIENT_SECRET=${partner.clientSecret}`);
  } else if (remote) {
    ctx.out.out(`client    ${remote.clientId ?? '(developer token)'}`);
  }
  ctx.out.note('Ctrl-C stops the studio.');
}

/**
 * `learnkit studio [--port N] [--platform URL] [--environment E] [--no-open]`: serves the studio page on
 * 127.0.0.1 until interrupted (docs/decisions.md#d-studio-stack).
 */
export async function studio(ctx: CommandContext, env: CommandEnv, stop?: Promise<void>): Promise<void> {
  const port = portOf(ctx.options.port);
  const remote = await remoteClient(ctx, env);
  const running = await startStudio({ port, ...(remote ? { lk: remote } : {}) });
  // The mock's partner secret is printed on purpose (it is the mock's, published in its seed); any other is hidden.
  await announce(ctx, running, remote);
  if (ctx.options['no-open'] !== true) openBrowser(running.url);
  await (stop ??
    new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    }));
  await running.close();
}
