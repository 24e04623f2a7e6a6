import { CASE_FIELDS, foreignIds, isCourseSequence, storePackage } from '../case/store.js';
import type { CasePackageUpload, CFAssociation } from '../case/types.js';
import { packageProblems } from '../case/validate-package.js';
import { isCaseId, isRecord, readJson } from '../internal/body.js';
import { badRequest, notFound, unprocessable } from '../internal/http-error.js';
import { MAX_PACKAGE_BYTES } from '../internal/limits.js';
import { listQuery, listResponse, project, selectedFields } from '../internal/list-query.js';
import { json } from '../internal/responses.js';
import { searchFieldsOf } from '../internal/search-fields.js';
import { authenticate, requireClient } from '../tokens.js';
import type { MockRouter, RequestContext } from './context.js';

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
export function registerCase(router: MockRouter): void {
  router.on('GET', `${BASE}/CFDocuments`, (context) => {
    caller(context);
    const documents = [...context.core.state.case.documents.values()];
    const page = listQuery(documents, context.query, {
      fields: CASE_FIELDS.CFDocument,
      searchFields: DOCUMENT_SEARCH,
    });
    return listResponse('CFDocuments', page);
  });

  router.on('GET', `${BASE}/CFDocuments/:sourcedId`, (context, params) => {
    caller(context);
    onlyFields(context.query);
    const document = context.core.state.case.documents.get(params.sourcedId!);
    if (!document) throw notFound(`CFDocument ${params.sourcedId} not found`);
    return json(200, {
      CFDocument: project(document, selectedFields(context.query, CASE_FIELDS.CFDocument)),
    });
  });

  router.on('GET', `${BASE}/CFItems`, (context) => {
    caller(context);
    const items = Array.from(context.core.state.case.items.values(), (stored) => stored.item);
    const page = listQuery(items, context.query, { fields: CASE_FIELDS.CFItem, searchFields: ITEM_SEARCH });
    return listResponse('CFItems', page);
  });

  router.on('GET', `${BASE}/CFItems/:sourcedId`, (context, params) => {
    caller(context);
    onlyFields(context.query);
    const stored = context.core.state.case.items.get(params.sourcedId!);
    if (!stored) throw notFound(`CFItem ${params.sourcedId} not found`);
    return json(200, { CFItem: project(stored.item, selectedFields(context.query, CASE_FIELDS.CFItem)) });
  });

  router.on('POST', `${BASE}/CFItems/validate`, async (context) => {
    caller(context);
    const body = await readJson(context.request);
    if (!isRecord(body) || !Array.isArray(body.ids))
      throw badRequest('the body must be { ids: [identifier, ...] }');
    const extra = Object.keys(body).filter((key) => key !== 'ids');
    if (extra.length > 0) throw badRequest(`unknown member(s) ${extra.join(', ')}; the body is { ids }`);
    const malformed = body.ids.filter((id) => !isCaseId(id));
    if (malformed.length > 0) {
      throw badRequest(
        `ids must be identifiers of the form 8-4-4-4-12 hex digits: ${malformed
          .slice(0, 5)
          .map((id) => JSON.stringify(id))
          .join(', ')}`,
      );
    }
    const store = context.core.state.case;
    const valid: string[] = [];
    const invalid: string[] = [];
    for (const id of body.ids as string[]) {
      if (store.items.has(id) && !isCourseSequence(store, id)) valid.push(id);
      else invalid.push(id);
    }
    return json(200, { valid, invalid });
  });

  router.on('POST', `${BASE}/CFPackages`, async (context) => {
    caller(context);
    const body = await readJson(context.request);
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
  });

  // A whole framework in one request: 100,000 items are about 155 MB (docs/decisions.md#d-mock-limits).
  router.limitBody('POST', `${BASE}/CFPackages`, MAX_PACKAGE_BYTES);

  router.on('GET', `${BASE}/CFPackages/:sourcedId`, (context, params) => {
    caller(context);
    onlyFields(context.query);
    const store = context.core.state.case;
    const stored = store.packages.get(params.sourcedId!);
    const document = store.documents.get(params.sourcedId!);
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
  });

  router.on('GET', `${BASE}/CFAssociations/:sourcedId`, (context, params) => {
    caller(context);
    onlyFields(context.query);
    const stored = context.core.state.case.associations.get(params.sourcedId!);
    if (!stored) throw notFound(`CFAssociation ${params.sourcedId} not found`);
    return json(200, { CFAssociation: stored.association satisfies CFAssociation });
  });
}
