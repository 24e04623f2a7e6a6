// The Worker of the runtime matrix's workerd rows: scripts/runtimes/run.ts copies it into the scratch project as
// runtime-worker.mjs, bundles it with esbuild as wrangler would (conditions `workerd`, `worker`, `browser`) and runs
// it in workerd through Miniflare. Each request runs the smoke checks of smoke.mjs and returns their report; the
// input comes as the LEARNKIT_SMOKE binding, as a Worker gets its configuration (docs/decisions.md#d-workerd-runtime).
import { smoke } from './runtime-smoke.mjs';

export default {
  async fetch(_request, env) {
    return Response.json(await smoke(JSON.parse(env.LEARNKIT_SMOKE)));
  },
};
