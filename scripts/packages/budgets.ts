// The budgets the package checks enforce and `pnpm bench` reports, in one place
// (docs/decisions.md#d-pkg-budgets).

/** The repository every package.json and README points to. */
export const REPOSITORY_URL = 'https://github.com/learnkit/learnkit';

/** Largest allowed tarball (`pnpm pack` output, gzip), in bytes (1 KB = 1,000 B, as npm prints sizes). */
export const TARBALL_BUDGETS: Record<string, number> = {
  // The mock serves all three documents and has its own copy of their generated types and JSON Schemas, which core
  // carried for it before (mock and core together went from 408 KB to 368 KB; docs/decisions.md#d-generated-types-per-family).
  '@learnkit/mock': 300_000,
  // Core holds the transport, tokens, errors, pages and queries only; each document's generated types and schemas
  // live in its family's package (docs/decisions.md#d-core-budget): 100 KiB.
  '@learnkit/core': 102_400,
  default: 150_000,
};

/** A browser bundle measured from the installed tarballs, and its budget in bytes of gzip. */
export interface BrowserBundle {
  /** What the row and the test call it. */
  name: string;
  /** The module a page would write (`export { verifyWebhook } from '@learnkit/webhooks'`). */
  contents: string;
  /** Most bytes of gzip allowed. */
  budget: number;
  /** Text that must never be in the bundle (server-only code). */
  forbidden: RegExp;
}

/**
 * Most bytes of gzip of `@learnkit/activity`'s browser entry: 4,096 until its errors became LearnKit errors
 * (docs/decisions.md#d-tracker-errors-branded). The workspace measure (packages/activity/test/size.test.ts, its bench row)
 * holds the sources to it too.
 */
export const ACTIVITY_BROWSER_BUDGET = 4200;

/** The browser entries whose size is a promise of the docs. */
export const BROWSER_BUNDLES: BrowserBundle[] = [
  {
    name: 'web entry of verifyWebhook',
    contents: "export { verifyWebhook } from '@learnkit/webhooks';",
    budget: 2048,
    forbidden: /node:crypto|createHmac/,
  },
  {
    name: 'activity browser entry',
    contents: "export * from '@learnkit/activity';",
    budget: ACTIVITY_BROWSER_BUDGET,
    forbidden: /openapi-fetch|from ["']zod["']|node:/,
  },
];

/** Most bytes of gzip a framework entry of `@learnkit/activity` adds to the browser entry (docs/decisions.md#d-framework-entry-sizes). */
export const FRAMEWORK_ENTRY_BUDGET = 700;

/** A framework entry measured as what it adds to the browser entry, its framework left out (a peer, never bundled). */
export interface FrameworkBundle {
  /** What the row and the test call it. */
  name: string;
  /** The import specifier (`@learnkit/activity/react`). */
  entry: string;
  /** The framework's modules, external: the page has them anyway. */
  external: string[];
  /** Most bytes of gzip over `export * from '@learnkit/activity'`. */
  budget: number;
}

/** `@learnkit/activity/react`, `/vue` and `/svelte`, each within {@link FRAMEWORK_ENTRY_BUDGET} over the browser entry. */
export const FRAMEWORK_BUNDLES: FrameworkBundle[] = [
  { name: 'activity/react', entry: '@learnkit/activity/react', external: ['react'] },
  { name: 'activity/vue', entry: '@learnkit/activity/vue', external: ['vue'] },
  { name: 'activity/svelte', entry: '@learnkit/activity/svelte', external: ['svelte', 'svelte/*'] },
].map((bundle) => ({ ...bundle, budget: FRAMEWORK_ENTRY_BUDGET }));
