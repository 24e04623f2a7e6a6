import { generateFramework } from '@learnkit/mock';
import { type CaseJsonChange, type CFPackageUpload, describeChange } from '../src/index';

/** A uuid that no generated framework uses. */
export const UNKNOWN_ID = '6b1e2c9a-3f4d-4a5b-8c7d-9e0f1a2b3c4d';

/**
 * A small generated framework (a fresh deep copy, so tests may mutate it), as a valid CASE 1.1 package: the
 * mock's generator leaves out the `description` IMS CASE 1.1 requires of a `CFItemType`, so it is added here.
 */
export function smallFramework(seed = 11, items = 40): CFPackageUpload {
  const body = generateFramework({ seed, items }) as CFPackageUpload;
  for (const type of body.CFDefinitions?.CFItemTypes ?? [])
    type.description ??= `${String(type.title)} level`;
  return body;
}

/**
 * The same package as a CASE 1.1 publisher exports it (OpenSALT / CASE Network style): link objects with
 * `identifier`, `CFPackageURI` and `CFDocumentURI`, `frameworkType` and `licenseURI` on the document, nulls
 * for absent members, `subjectURI`, and timestamps without a zone.
 */
export function publisherExport(body: CFPackageUpload, options: { frameworkType?: string } = {}) {
  const stripZone = (t: string) => t.replace(/Z$/, '');
  const doc = body.CFDocument;
  const documentLink = { title: doc.title, identifier: doc.identifier, uri: doc.uri };
  return {
    CFDocument: {
      ...doc,
      lastChangeDateTime: stripZone(doc.lastChangeDateTime),
      CFPackageURI: {
        title: doc.title,
        identifier: doc.identifier,
        uri: `https://publisher.example.org/ims/case/v1p1/CFPackages/${doc.identifier}`,
      },
      frameworkType: options.frameworkType ?? 'Standards',
      licenseURI: {
        title: 'CC BY 4.0',
        identifier: '9e1b7c55-0f0e-4c2e-9d7f-2b3c4d5e6f70',
        uri: 'https://creativecommons.org/licenses/by/4.0/',
      },
      subjectURI: [
        {
          title: 'Math',
          identifier: '0b9f6f2e-1c1d-4c57-8a3b-5f6e7d8c9b0a',
          uri: 'https://publisher.example.org/s/math',
        },
      ],
      notes: null,
    },
    CFItems: body.CFItems.map((item) => ({
      ...item,
      lastChangeDateTime: stripZone(item.lastChangeDateTime),
      CFDocumentURI: documentLink,
      alternativeLabel: null,
    })),
    CFAssociations: body.CFAssociations.map((association) => ({
      ...association,
      lastChangeDateTime: stripZone(association.lastChangeDateTime),
      CFDocumentURI: documentLink,
    })),
    CFDefinitions: body.CFDefinitions ?? {
      CFItemTypes: [],
      CFSubjects: [],
      CFConcepts: [],
      CFLicenses: [],
      CFAssociationGroupings: [],
    },
  };
}

/** A report entry with its one-line text beside it, to assert both at once. */
export const withLine = (change: CaseJsonChange | undefined) =>
  change && { ...change, change: describeChange(change) };
