import { VERSION } from '../version';

interface RuntimeGlobals {
  process?: { versions?: { node?: string; bun?: string }; env?: Record<string, string | undefined> };
  Deno?: { version?: { deno?: string } };
  Bun?: { version?: string };
  navigator?: { userAgent?: string };
}

const g = globalThis as unknown as RuntimeGlobals;

/** `<runtime>/<version>` of the JavaScript runtime, for the client header. */
function runtimeTag(): string {
  if (g.Bun?.version) return `bun/${g.Bun.version}`;
  if (g.Deno?.version?.deno) return `deno/${g.Deno.version.deno}`;
  if (g.process?.versions?.node) return `node/${g.process.versions.node}`;
  return 'browser';
}

/** True where a script may set `User-Agent`; browsers ignore it and count it against CORS. */
export const canSetUserAgent = !!(g.process?.versions?.node || g.Deno?.version || g.Bun?.version);

/** `learnkit-core/<version> <runtime>/<version>`, computed once. */
export const clientHeaderValue = `learnkit-core/${VERSION} ${runtimeTag()}`;

/** Reads an environment variable where the runtime has one (Node, Bun, Deno with compat), else undefined. */
export function readEnv(name: string): string | undefined {
  try {
    return g.process?.env?.[name];
  } catch {
    // Deno without --allow-env throws on access; an unreadable variable is an unset one.
    return undefined;
  }
}
