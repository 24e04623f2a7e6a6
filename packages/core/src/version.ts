/**
 * The version of `@learnkit/core`, sent in the `X-LearnKit-Client` header.
 *
 * Kept as a literal (not read from package.json) so the browser and edge builds need no JSON import;
 * a test keeps it equal to package.json.
 */
export const VERSION = '0.1.0';
