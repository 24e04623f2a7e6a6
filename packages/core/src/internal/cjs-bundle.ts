// The CommonJS build's one bundle: both entries' names, so `require('@learnkit/core')` and
// `require('@learnkit/core/internal')` share one copy of core (docs/decisions.md#d-core-internal-entry).
export * from '../index';
export * from './index';
