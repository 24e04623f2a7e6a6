import { problemsOf } from '../validation/messages.js';
import { checkComponent, checkRequest } from '../validation/registry.js';
import { type ConvertedPackage, toStoredPackage } from './store.js';
import type { CasePackageUpload } from './types.js';

/** The most problems a refused package names. */
const SHOWN_PROBLEMS = 10;

/** The members of an identifier-keyed list that repeat an identifier of the package (any case). */
function repeatedIds(upload: CasePackageUpload): string[] {
  const seen = new Set([upload.CFDocument.identifier.toLowerCase()]);
  const problems: string[] = [];
  for (const key of ['CFItems', 'CFAssociations'] as const) {
    for (const [index, { identifier }] of upload[key].entries()) {
      if (seen.has(identifier.toLowerCase()))
        problems.push(`body.${key}[${index}].identifier ${identifier} is used twice in the package`);
      seen.add(identifier.toLowerCase());
    }
  }
  return problems;
}

/**
 * Checks a package upload (docs/decisions.md#d-mock-case-package-check): the body against `CFPackageUpload` of
 * openapi/case.yaml, then the rules a schema of the upload cannot state: every identifier once in the package,
 * and every object the package stores a valid response (`CFDocument`, `CFItem`, `CFAssociation`: URIs with a scheme,
 * date-times with a zone, integer sequence numbers, `caseVersion` 1.1). Returns the problems (at most
 * ten, each naming its member) and, when there are none, the package as it will be stored.
 */
export function checkPackage(
  body: unknown,
  baseUrl: string,
): { problems: string[]; converted?: ConvertedPackage } {
  const shape = problemsOf('body', checkRequest('uploadCFPackage', 'body', body));
  if (shape.length > 0) return { problems: shape.slice(0, SHOWN_PROBLEMS) };
  const upload = body as CasePackageUpload;
  const problems = repeatedIds(upload);
  const converted = toStoredPackage(upload, baseUrl);
  problems.push(...problemsOf('body.CFDocument', checkComponent('case', 'CFDocument', converted.document)));
  for (const [key, schema, rows] of [
    ['CFItems', 'CFItem', converted.items],
    ['CFAssociations', 'CFAssociation', converted.associations],
  ] as const) {
    for (let index = 0; index < rows.length && problems.length < SHOWN_PROBLEMS; index++) {
      problems.push(...problemsOf(`body.${key}[${index}]`, checkComponent('case', schema, rows[index])));
    }
  }
  // The upload spells the document's license `licenseUri`; the response carries it as the `licenseURI` Link.
  const named = problems.map((problem) =>
    problem.replace('CFDocument.licenseURI.uri', 'CFDocument.licenseUri'),
  );
  return named.length > 0 ? { problems: named.slice(0, SHOWN_PROBLEMS) } : { problems: [], converted };
}
