/** The generated paths and components of the CASE document, as `@learnkit/core` names them (the schemas by name: `CaseSchemas`, read in types.ts). */
export type { CaseComponents as components, CasePaths as paths } from '@learnkit/core';
