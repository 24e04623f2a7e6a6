import { readFile } from 'node:fs/promises';
import { describeChange, fromCaseJson, type LearnKit } from '@learnkit/sdk';
import type { Print } from './output';

/** The example's framework: a publisher's CASE JSON export, converted with `fromCaseJson` before upload. */
export const FRAMEWORK_FILE = new URL('../data/fractions-framework.json', import.meta.url);

/** What the upload did. */
export interface UploadResult {
  documentId: string;
  title: string;
  items: number;
  associations: number;
  /** Item ids of the uploaded framework (its standards), for the validation step. */
  itemIds: string[];
  /** One line saying what the step did. */
  summary: string;
}

/**
 * Upload a package: read a CASE JSON file, convert it to the upload shape (`fromCaseJson`, which reports every
 * change), upload it (checked before sending, retried safely: keyed by document id), and read it back.
 */
export async function uploadPackage(
  lk: LearnKit,
  print: Print,
  file: URL = FRAMEWORK_FILE,
): Promise<UploadResult> {
  const { body, changes } = fromCaseJson(await readFile(file, 'utf8'));
  print(
    `${file.pathname.split('/').pop()}: ${body.CFItems.length} items, ${changes.length} change(s) by fromCaseJson`,
  );
  for (const change of changes.slice(0, 2)) print(`  ${change.path}: ${describeChange(change)}`);
  const result = await lk.case.packages.upload(body);
  const documentId = result.result?.documentId ?? body.CFDocument.identifier;
  const stats = result.result?.stats;
  print(
    `uploaded "${body.CFDocument.title}" -> ${documentId} (${stats?.items ?? body.CFItems.length} items, ${stats?.associations ?? body.CFAssociations.length} associations)`,
  );
  const doc = await lk.case.documents.get(documentId, { fields: ['title', 'lastChangeDateTime'] });
  print(`read back: "${doc.title}", last changed ${doc.lastChangeDateTime}`);
  return {
    documentId,
    title: doc.title,
    items: body.CFItems.length,
    associations: body.CFAssociations.length,
    itemIds: body.CFItems.map((item) => item.identifier),
    summary: `"${doc.title}": ${body.CFItems.length} items, read back`,
  };
}
