// What the package checks know about the workspace: where it is, which packages it publishes, and the versions of
// the third-party packages the scratch project installs (the workspace's own pins, so both test the same thing).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The parts of a package.json the checks read. */
export interface PackageManifest {
  name: string;
  version: string;
  private?: boolean;
  bin?: string | Record<string, string>;
  exports?: Record<string, unknown>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  [field: string]: unknown;
}

/** A published workspace package: its folder under packages/ and its manifest. */
export interface PublicPackage {
  folder: string;
  dir: string;
  manifest: PackageManifest;
}

export const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

/** Every package of packages/ that is published (not `private`), in folder order. */
export function publicPackages(): PublicPackage[] {
  return readdirSync(join(ROOT, 'packages'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => {
      const dir = join(ROOT, 'packages', entry.name);
      return { folder: entry.name, dir, manifest: readJson<PackageManifest>(join(dir, 'package.json')) };
    })
    .filter((pkg) => !pkg.manifest.private);
}

/** The root package.json's `packageManager` pin, e.g. `pnpm@10.34.8`. */
export const packageManager = (): string =>
  readJson<{ packageManager: string }>(join(ROOT, 'package.json')).packageManager;

/**
 * The exact version the workspace pins for a third-party package (root, packages and examples), so the scratch
 * project installs what the workspace tests with. Throws when nothing pins it.
 */
export function pinnedVersion(name: string): string {
  const manifests = [
    join(ROOT, 'package.json'),
    ...['packages', 'examples'].flatMap((area) =>
      readdirSync(join(ROOT, area), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => join(ROOT, area, entry.name, 'package.json')),
    ),
  ];
  for (const path of manifests) {
    const manifest = readJson<PackageManifest>(path);
    const range = manifest.devDependencies?.[name] ?? manifest.dependencies?.[name];
    if (range && /^\d+\.\d+\.\d+$/.test(range)) return range;
  }
  throw new Error(`No workspace package pins ${name} to an exact version; add it to a devDependencies list.`);
}
