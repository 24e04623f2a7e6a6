#!/usr/bin/env node
// The `learnkit-activity-worker` command: a committed file rather than dist/worker-cli.js itself, so that pnpm can link
// the command on a fresh clone before anything is built (docs/decisions.md#d-pkg-mock-bin).
import '../dist/worker-cli.js';
