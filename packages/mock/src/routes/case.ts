import { CASE_FIELDS, foreignIds, isCourseSequence, storePackage } from '../case/store.js';
import type { CasePackageUpload, CFAssociation } from '../case/types.js';
import { packageProblems } from '../case/validate-package.js';
import { badRequest, notFound, unprocessable } from '../internal/http-error.js';
import { MAX_PACKAGE_BYTES } from '../internal/limits.js';
import { listQuery, listResponse, project, selectedFields } from '../internal/list-query.js';
import { json } from '../internal/responses.js';
import { searchFieldsOf } from '../internal/search-fields.js';
import { authenticate, requireClient } from '../tokens.js';
import type { RequestContext } from './context.js';
import type { OperationRoutes } from './operation.js';

const BASE = '/ims/case/v1p1';

// The fields `search` matches, as openapi/case.yaml names them (docs/decisions.md#d-search-fields).
const DOCUMENT_SEARCH = searchFieldsOf(`${BASE}/CFDocuments`);
const ITEM_SEARCH = searchFieldsOf(`${BASE}/CFItems`);

/** CASE operations need a client token and no particular scope (openapi/case.yaml). */
function caller(context: RequestContext) {
  return requireClient(authenticate(context.core, context.request));
}

/** Query parameters a single-object read accepts: only `fields` (anything else is a 400). */
function onlyFields(query: URLSearchParams): void {
  for (const name of query.keys()) {
    if (name !== 'fields')
      throw badRequest(`unknown query parameter "${name}"; this operation takes only fields`);
  }
}

/** The eight CASE 1.1 operations. */
export const caseRoutes: OperationRoutes = {
  listCFDocuments: (context) => {
    caller(context);
    const documents = [...context.core.state.case.documents.values()];
    const page = listQuery(documents, context.query, {
      fields: CASE_FIELDS.CFDocument,
      searchFields: DOCUMENT_SEARCH,
    });
    return listResponse('CFDocuments', page);
  },

  getCFDocument: (context, params) => {
    caller(context);
    onlyFields(context.query);
    const document = context.core.state.case.documents.get(params.sourcedId);
    if (!document) throw notFound(`CFDocument ${params.sourcedId} not found`);
    return json(200, {
      CFDocument: project(document, selectedFields(context.query, CASE_FIELDS.CFDocument)),
    });
  },

  listCFItems: (context) => {
    caller(context);
    const items = Array.from(context.core.state.case.items.values(), (stored) => stored.item);
    const page = listQuery(items, context.query, { fields: CASE_FIELDS.CFItem, searchFields: ITEM_SEARCH });
    return listResponse('CFItems', page);
  },

  getCFItem: (context, params) => {
    caller(context);
    onlyFields(context.query);
    const stored = context.core.state.case.items.get(params.sourcedId);
    if (!stored) throw notFound(`CFItem ${params.sourcedId} not found`);
    return json(200, { CFItem: project(stored.item, selectedFields(context.query, CASE_FIELDS.CFItem)) });
  },

  validateCFItems: async (context) => {
    caller(context);
    const body = await context.body();
    const store = context.core.state.case;
    const valid: string[] = [];
    const invalid: string[] = [];
    for (const id of body.ids) {
      if (store.items.has(id) && !isCourseSequence(store, id)) valid.push(id);
      else invalid.push(id);
    }
    return json(200, { valid, invalid });
  },

  // A whole framework in one request: 100,000 items are about 155 MB (docs/decisions.md#d-mock-limits). Read raw:
  // the package validator answers 422 naming each member as CASE clients show it (docs/decisions.md#d-i15-raw-bodies).
  uploadCFPackage: {
    maxBodyBytes: MAX_PACKAGE_BYTES,
    body: 'raw',
    handle: async (context) => {
      caller(context);
      const body = await context.body();
      const problems = packageProblems(body);
      if (problems.length > 0) throw unprocessable(`Invalid package: ${problems.join('; ')}`);
      const upload = body as CasePackageUpload;
      const clash = foreignIds(context.core.state.case, upload);
      if (clash.length > 0) {
        throw unprocessable(
          `Invalid package: identifier(s) already belong to another document: ${clash.slice(0, 5).join(', ')}`,
        );
      }
      const stats = storePackage(context.core.state.case, upload, context.core.options.baseUrl);
      return json(201, {
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

  getCFPackage: (context, params) => {
    caller(context);
    onlyFields(context.query);
    const store = context.core.state.case;
    const stored = store.packages.get(params.sourcedId);
    const document = store.documents.get(params.sourcedId);
    if (!stored || !document) throw notFound(`CFPackage ${params.sourcedId} not found`);
    const full: Record<string, unknown> = {
      sourcedId: document.sourcedId,
      CFDocument: document,
      CFItems: stored.itemIds.map((id) => store.items.get(id)!.item),
      CFAssociations: stored.associationIds.map((id) => store.associations.get(id)!.association),
    };
    if (stored.definitions) full.CFDefinitions = stored.definitions;
    const fields = selectedFields(context.query, [
      'sourcedId',
      'CFDocument',
      'CFItems',
      'CFAssociations',
      'CFDefinitions',
    ]);
    return json(200, { CFPackage: project(full, fields) });
  },

  getCFAssociation: (context, params) => {
    caller(context);
    onlyFields(context.query);
    const stored = context.core.state.case.associations.get(params.sourcedId);
    if (!stored) throw notFound(`CFAssociation ${params.sourcedId} not found`);
    return json(200, { CFAssociation: stored.association satisfies CFAssociation });
  },
};
