import type { components as CaseComponents } from './generated/case';
import type { components as OneRosterComponents } from './generated/oneroster';
import type { components as PlatformComponents } from './generated/platform';

// The schemas of each document by name, which the packages' types modules (and the mock's) alias under their
// public names: one lookup here rather than one per module (docs/decisions.md#d-i15-type-reexports).

/** The schemas of openapi/case.yaml, by name (`CaseSchemas['CFItem']`). */
export type CaseSchemas = CaseComponents['schemas'];
/** The schemas of openapi/oneroster.yaml, by name (`OneRosterSchemas['User']`). */
export type OneRosterSchemas = OneRosterComponents['schemas'];
/** The schemas of openapi/platform.yaml, by name (`PlatformSchemas['User']`). */
export type PlatformSchemas = PlatformComponents['schemas'];
