#!/usr/bin/env node
// Run by a package's build after tsup: `node optional-peer-types.mjs <peer>...` (docs/decisions.md#d-pkg-msw-types).
//
// The declarations of an optional peer dependency (msw for `@learnkit/mock`) must not be required to compile
// against the package: a user of the loopback server alone never installs msw. Each import of such a peer in
// dist/*.d.ts and dist/*.d.cts gets a `// @ts-ignore` line, so without the peer its types are `any` and with it
// they are the peer's own, resolved in the same mode (ESM or CommonJS) as the user's own import of it, so
// `setupServer(...platform.handlers)` type-checks whichever way msw is imported.
// Fails when a peer is never imported, so a change of tsup's output cannot silently undo this.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const peers = process.argv.slice(2);
if (peers.length === 0) throw new Error('usage: optional-peer-types.mjs <peer>...');
const dist = join(process.cwd(), 'dist');
const MARK = '// @ts-ignore optional peer dependency: its types are `any` when it is not installed';

for (const peer of peers) {
  const escaped = peer.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const statement = new RegExp(`^(import\\b[^;]*?from\\s*['"]${escaped}(?:/[^'"]*)?['"];?)$`, 'gm');
  let found = 0;
  for (const file of readdirSync(dist).filter((f) => /\.d\.c?ts$/.test(f))) {
    const path = join(dist, file);
    const text = readFileSync(path, 'utf8');
    const next = text.replace(statement, (line, _statement, offset) => {
      found++;
      return text.slice(Math.max(0, offset - MARK.length - 1), offset).startsWith(MARK)
        ? line
        : `${MARK}\n${line}`;
    });
    writeFileSync(path, next);
  }
  if (found === 0) throw new Error(`no import of ${peer} in dist/*.d.ts: nothing to mark optional`);
  console.log(`optional-peer-types: ${found} import(s) of ${peer} marked optional`);
}
