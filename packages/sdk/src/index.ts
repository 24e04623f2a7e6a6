/**
 * @packageDocumentation
 * `@learnkit/sdk`: The umbrella: new LearnKit({...}) wires every client to one transport and one token cache.
 *
 * The public surface is exported here by name as the package's capability lands.
 */
export const PACKAGE_NAME = '@learnkit/sdk';
