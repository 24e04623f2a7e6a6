// pnpm hooks of the workspace (docs/decisions.md#d-pkg-tarball-contents).
//
// beforePacking: the `@learnkit/source` export condition points at src/, which the workspace's tests and type
// checks use and the tarballs do not ship. It is dropped from the packed package.json (`exports` and `imports`),
// so a published manifest names only files that are in the tarball, whatever conditions a consumer enables.
const SOURCE_CONDITION = '@learnkit/source';

/** `value` without the source condition, at any depth of a conditions object. */
function withoutSource(value) {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== SOURCE_CONDITION)
      .map(([key, inner]) => [key, withoutSource(inner)]),
  );
}

module.exports = {
  hooks: {
    beforePacking(pkg) {
      if (pkg.exports) pkg.exports = withoutSource(pkg.exports);
      if (pkg.imports) pkg.imports = withoutSource(pkg.imports);
      return pkg;
    },
  },
};
