import { defineConfig } from 'tsup';
import { packageBuild } from '../../tsup.base';

// `#crypto` stays an import in the output: package.json `imports` maps it to crypto/node under the `node`
// condition and to crypto/web elsewhere, so a browser or edge bundle never sees `node:crypto`.
export default defineConfig(
  packageBuild({
    entry: { index: 'src/index.ts', 'crypto/node': 'src/crypto/node.ts', 'crypto/web': 'src/crypto/web.ts' },
    external: ['#crypto'],
  }),
);
