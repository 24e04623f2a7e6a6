import type {
  ApiPromise,
  ListQuery,
  PagePromise,
  RequestOptions,
  OneRosterSchemas as Schemas,
} from '@learnkit/core';

/** A OneRoster 1.2 user as the API returns it (`lk.oneroster.users`, a class's students and teachers). */
export type OneRosterUser = Schemas['User'];
/** A role of a user in an org (a member of {@link OneRosterUser}). */
export type OneRosterRole = Schemas['Role'];
/** A term, semester, grading period or school year. */
export type OneRosterAcademicSession = Schemas['AcademicSession'];
/** A class (one section of a course, at a school). */
export type OneRosterClass = Schemas['Class'];
/** A course (what classes are sections of). */
export type OneRosterCourse = Schemas['Course'];
/** The demographics of a user (keyed by the user's `sourcedId`). */
export type OneRosterDemographics = Schemas['Demographics'];
/** An enrollment of a user in a class, with the user's role in it. */
export type OneRosterEnrollment = Schemas['Enrollment'];
/** A gradebook assessment line item, with the extension fields `component` and `componentResource`. */
export type OneRosterAssessmentLineItem = Schemas['AssessmentLineItem'];
/** A gradebook assessment result (a student's score on an assessment line item). */
export type OneRosterAssessmentResult = Schemas['AssessmentResult'];
/** A gradebook result (a student's score on a line item of a class). */
export type OneRosterResult = Schemas['Result'];
/** A learning resource. */
export type OneRosterResource = Schemas['Resource'];
/** A `{ href?, sourcedId, type? }` reference to another OneRoster object, as responses carry them. */
export type OneRosterGuidRef = Schemas['GUIDRef'];

/**
 * The line item `gradebook.assessmentLineItems.create` and `.put` take (the SDK wraps it as
 * `{ assessmentLineItem }`): only `title` is required; `component` and `componentResource` link it to a course
 * component and a learning resource.
 */
export type OneRosterAssessmentLineItemInput = Schemas['AssessmentLineItemInput'];
/** What `gradebook.assessmentLineItems.create` resolves with: the supplied and the allocated `sourcedId`. */
export type OneRosterSourcedIdPairs = Schemas['SourcedIdPairsResponse']['sourcedIdPairs'];

/** Per-call settings: abort signal, timeout, deadline, retries, extra headers (idempotency is fixed per operation). */
export type OneRosterCallOptions = Pick<
  RequestOptions,
  'signal' | 'timeoutMs' | 'deadlineMs' | 'retry' | 'headers'
>;

/**
 * The family's list query: `limit` 1..3000, `offset`, `sort`, `orderBy`, `filter` (a string or built with
 * `where`/`and`/`or`), `fields`, and `search` (free text over the listing's own search fields).
 */
export type OneRosterListQuery = ListQuery;

/** A field name of `T`, as `fields` takes it. */
export type FieldOf<T> = keyof T & string;

/** A list query whose `fields` names known fields of the listed object: the items are narrowed to them. */
export type FieldsQuery<F> = Omit<OneRosterListQuery, 'fields'> & {
  /** The fields to return, as literal names (`['sourcedId', 'givenName']`); the items are typed down to them. */
  fields: F;
};

/** Options of a single read that selects fields. */
export type FieldsOptions<F> = OneRosterCallOptions & {
  /** The fields to return, as literal names; the result is typed down to them. */
  fields: F;
};

/**
 * A listing: `await` it for the first page, `for await` it for every object. With `fields` given as literal
 * names the objects are typed down to those fields.
 */
export interface ListMethod<T> {
  /** With `fields` as literal names: the objects narrowed to them. */
  <const F extends readonly FieldOf<T>[]>(
    query: FieldsQuery<F>,
    options?: OneRosterCallOptions,
  ): PagePromise<Pick<T, F[number]>>;
  /** Whole objects. */
  (query?: OneRosterListQuery & { fields?: undefined }, options?: OneRosterCallOptions): PagePromise<T>;
  /** With `fields` not known at compile time: every member may be absent. */
  (query?: OneRosterListQuery, options?: OneRosterCallOptions): PagePromise<Partial<T>>;
}

/** A listing under one parent object (`classes.students(classId, query?)`); see {@link ListMethod}. */
export interface ListUnderMethod<T> {
  /** With `fields` as literal names: the objects narrowed to them. */
  <const F extends readonly FieldOf<T>[]>(
    parentId: string,
    query: FieldsQuery<F>,
    options?: OneRosterCallOptions,
  ): PagePromise<Pick<T, F[number]>>;
  /** Whole objects. */
  (
    parentId: string,
    query?: OneRosterListQuery & { fields?: undefined },
    options?: OneRosterCallOptions,
  ): PagePromise<T>;
  /** With `fields` not known at compile time: every member may be absent. */
  (parentId: string, query?: OneRosterListQuery, options?: OneRosterCallOptions): PagePromise<Partial<T>>;
}

/** A listing under two parent objects (`schools.classStudents(schoolId, classId, query?)`); see {@link ListMethod}. */
export interface ListUnderTwoMethod<T> {
  /** With `fields` as literal names: the objects narrowed to them. */
  <const F extends readonly FieldOf<T>[]>(
    firstId: string,
    secondId: string,
    query: FieldsQuery<F>,
    options?: OneRosterCallOptions,
  ): PagePromise<Pick<T, F[number]>>;
  /** Whole objects. */
  (
    firstId: string,
    secondId: string,
    query?: OneRosterListQuery & { fields?: undefined },
    options?: OneRosterCallOptions,
  ): PagePromise<T>;
  /** With `fields` not known at compile time: every member may be absent. */
  (
    firstId: string,
    secondId: string,
    query?: OneRosterListQuery,
    options?: OneRosterCallOptions,
  ): PagePromise<Partial<T>>;
}

/** A read by `sourcedId`; `fields` as literal names types the object down to them. */
export interface GetMethod<T> {
  /** With `fields` as literal names: the object narrowed to them. */
  <const F extends readonly FieldOf<T>[]>(
    id: string,
    options: FieldsOptions<F>,
  ): ApiPromise<Pick<T, F[number]>>;
  /** The whole object. */
  (id: string, options?: OneRosterCallOptions & { fields?: undefined }): ApiPromise<T>;
  /** With `fields` not known at compile time: every member may be absent. */
  (id: string, options?: OneRosterCallOptions & { fields?: readonly string[] }): ApiPromise<Partial<T>>;
}
