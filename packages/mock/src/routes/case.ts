import { foreignIds, isCourseSequence, storePackage } from '../case/store.js';
import { checkPackage } from '../case/validate-package.js';
import { unprocessable } from '../internal/http-error.js';
import { MAX_PACKAGE_BYTES } from '../internal/limits.js';
import { found, type OperationRoutes } from '../operations/dispatch.js';

/** The eight CASE 1.1 operations; the token endpoint is in auth.ts. */
export const handlers: OperationRoutes = {
  listCFDocuments: (context) => context.page([...context.core.state.case.documents.values()]),

  getCFDocument: (context, { sourcedId }) =>
    context.one(found(context.core.state.case.documents, sourcedId, 'CFDocument')),

  listCFItems: (context) =>
    context.page(Array.from(context.core.state.case.items.values(), (stored) => stored.item)),

  getCFItem: (context, { sourcedId }) =>
    context.one(found(context.core.state.case.items, sourcedId, 'CFItem').item),

  validateCFItems: async (context) => {
    const store = context.core.state.case;
    const rawResponse = { valid: [] as string[], invalid: [] as string[] };
    for (const id of (await context.body()).ids) {
      // The Course Sequence rule (docs/decisions.md#d-course-sequence).
      (store.items.has(id) && !isCourseSequence(store, id) ? rawResponse.valid : rawResponse.invalid).push(
        id,
      );
    }
    return context.json(200, rawResponse);
  },

  // A whole framework in one request: 100,000 items are about 155 MB (docs/decisions.md#d-mock-limits). Read raw:
  // a refused package is a 422 naming each member (docs/decisions.md#d-mock-case-package-check).
  uploadCFPackage: {
    maxBodyBytes: MAX_PACKAGE_BYTES,
    body: 'raw',
    handle: async (context) => {
      const body = await context.body();
      const { problems, converted } = checkPackage(body, context.core.options.baseUrl);
      if (!converted) throw unprocessable(`Invalid package: ${problems.join('; ')}`);
      const clash = foreignIds(context.core.state.case, body);
      if (clash.length > 0) {
        throw unprocessable(
          `Invalid package: identifier(s) already belong to another document: ${clash.slice(0, 5).join(', ')}`,
        );
      }
      const stats = storePackage(context.core.state.case, converted);
      return context.json(201, {
        success: true,
        message: 'Package uploaded',
        result: {
          documentId: stats.documentId,
          stats: { documents: 1, items: stats.items, associations: stats.associations },
          success: true,
        },
      });
    },
  },

  getCFPackage: (context, { sourcedId }) => {
    const store = context.core.state.case;
    const stored = found(store.packages, sourcedId, 'CFPackage');
    // storePackage sets a document with its package: the one is there when the other is.
    const document = store.documents.get(sourcedId)!;
    return context.one({
      sourcedId: document.sourcedId,
      CFDocument: document,
      CFItems: stored.itemIds.map((id) => store.items.get(id)!.item),
      CFAssociations: stored.associationIds.map((id) => store.associations.get(id)!.association),
      ...(stored.definitions && { CFDefinitions: stored.definitions }),
    });
  },

  getCFAssociation: (context, { sourcedId }) =>
    context.one(found(context.core.state.case.associations, sourcedId, 'CFAssociation').association),
};
