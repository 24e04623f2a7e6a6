import { ApiPromise, getByIdInit, type PagePromise, Resource, readTotal } from '@learnkit/core';
import { type CaseHttp, paged } from '../internal/http';
import type {
  CaseCallOptions,
  CaseListQuery,
  CFDocument,
  CFDocumentField,
  FieldsOptions,
  FieldsQuery,
} from '../types';

/**
 * The competency frameworks (CFDocuments).
 *
 * @example
 * for await (const doc of lk.case.documents.list({ filter: where.contains('title', 'math') })) console.log(doc.title);
 */
export class Documents extends Resource<CaseHttp> {
  /**
   * Lists documents, a page at a time: `await` for the first page, `for await` for every document. With
   * `fields` given as literal names, the documents are typed down to those fields.
   *
   * @example
   * const page = await client.documents.list({ limit: 50, sort: 'title', fields: ['sourcedId', 'title'] });
   * page.data[0]?.title;
   */
  list<const F extends readonly CFDocumentField[]>(
    query: FieldsQuery<F>,
    options?: CaseCallOptions,
  ): PagePromise<Pick<CFDocument, F[number]>>;
  list(query?: CaseListQuery & { fields?: undefined }, options?: CaseCallOptions): PagePromise<CFDocument>;
  list(query?: CaseListQuery, options?: CaseCallOptions): PagePromise<Partial<CFDocument>>;
  list(query?: CaseListQuery, options?: CaseCallOptions): PagePromise<Partial<CFDocument>> {
    return paged(query, options, (params, request) =>
      this.http
        .call('GET', '/ims/case/v1p1/CFDocuments', { params: { query: params }, options: request })
        .withAnswer((data, answer) => ({
          items: data.CFDocuments,
          total: readTotal(answer.response, data),
          answer,
        })),
    );
  }

  /**
   * One document by its `sourcedId`. `fields` asks for only those fields (typed down when given as literals).
   *
   * @example
   * const { title, uri } = await client.documents.get(id, { fields: ['title', 'uri'] });
   */
  get<const F extends readonly CFDocumentField[]>(
    id: string,
    options: FieldsOptions<F>,
  ): ApiPromise<Pick<CFDocument, F[number]>>;
  get(id: string, options?: CaseCallOptions & { fields?: undefined }): ApiPromise<CFDocument>;
  get(
    id: string,
    options?: CaseCallOptions & { fields?: readonly string[] },
  ): ApiPromise<Partial<CFDocument>>;
  get(
    id: string,
    options?: CaseCallOptions & { fields?: readonly string[] },
  ): ApiPromise<Partial<CFDocument>> {
    return ApiPromise.guard(() =>
      this.http
        .call('GET', '/ims/case/v1p1/CFDocuments/{sourcedId}', getByIdInit(id, options, 'id'))
        .map((data) => data.CFDocument),
    );
  }
}
