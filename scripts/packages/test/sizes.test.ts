// What a page ships, from the installed tarballs (esbuild, browser conditions, minified, gzip level 9), held to
// the budgets the docs promise (docs/decisions.md#d-pkg-budgets).
import { describe, expect, it } from 'vitest';
import { BROWSER_BUNDLES, FRAMEWORK_BUNDLES } from '../budgets';
import { measureBundle, measureFrameworkEntry } from '../sizes';
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

describe('framework entries of @learnkit/activity from the installed tarballs', () => {
  it.each(FRAMEWORK_BUNDLES)(
    '$name adds at most $budget B gzip to the browser entry, its framework not bundled',
    async (bundle) => {
      const size = await measureFrameworkEntry(scratch().project, bundle);
      // The framework stays an import of the page's own copy (a peer dependency), never a copy of ours.
      expect(size.both.text).toMatch(new RegExp(`from\\s*"${bundle.external[0]}"`));
      expect(
        Object.keys(size.both.byPackage).filter(
          (name) => !name.startsWith('@learnkit/') && name !== '<stdin>',
        ),
      ).toEqual([]);
      expect(size.both.text).not.toMatch(/openapi-fetch|from ["']zod["']|node:/);
      expect(
        size.gzipOver,
        `${bundle.name}: ${size.gzipOver} B gzip over the browser entry (${size.minifiedOver} B minified)`,
      ).toBeLessThanOrEqual(bundle.budget);
    },
  );
});
