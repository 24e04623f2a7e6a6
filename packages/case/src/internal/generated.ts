/**
 * The generated paths and components of the CASE document, as `@learnkit/core` names them (types.ts reads the
 * schemas by name from core's `CaseSchemas`).
 */
export type { CaseComponents as components, CasePaths as paths } from '@learnkit/core/internal';
