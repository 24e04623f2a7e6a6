// What a page ships, from the installed tarballs (esbuild, browser conditions, minified, gzip level 9), held to
// the budgets the docs promise (docs/decisions.md#d-pkg-budgets).
import { describe, expect, it } from 'vitest';
import { BROWSER_BUNDLES } from '../budgets';
import { measureBundle } from '../sizes';
import { scratch } from './helpers';

describe('browser bundles from the installed tarballs', () => {
  it.each(BROWSER_BUNDLES)('$name is at most $budget B gzip, with no server-only code', async (bundle) => {
    const size = await measureBundle(scratch().project, bundle);
    expect(size.text).not.toMatch(bundle.forbidden);
    expect(
      size.gzip,
      `${bundle.name}: ${size.gzip} B gzip (${size.minified} B minified: ${JSON.stringify(size.byPackage)})`,
    ).toBeLessThanOrEqual(bundle.budget);
  });
});
