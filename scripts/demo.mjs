#!/usr/bin/env node
// The README's first command. Until the end-to-end demo lands (issue #8), it shows what the workspace holds.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
console.log('LearnKit workspace\n');
for (const dir of readdirSync(join(root, 'packages')).sort()) {
  const pkg = JSON.parse(readFileSync(join(root, 'packages', dir, 'package.json'), 'utf8'));
  console.log(`  ${pkg.name.padEnd(20)} ${pkg.private ? '(private) ' : ''}${pkg.description}`);
}
const docs = readdirSync(join(root, 'openapi')).filter((f) => f.endsWith('.yaml'));
console.log(`\nOpenAPI documents: ${docs.join(', ')}`);
