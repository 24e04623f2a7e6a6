#!/usr/bin/env node
// The `learnkit-mcp` command: a committed file rather than dist/cli.js itself, so that pnpm can link the command
// on a fresh clone before anything is built (docs/decisions.md#d-pkg-mock-bin). Every tarball carries dist/; only
// an unbuilt workspace lacks it, where Node's own error names dist/cli.js (docs/decisions.md#d-cross-package-pairs-once).
import '../dist/cli.js';
