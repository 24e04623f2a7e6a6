import { notFound, unprocessable } from '../internal/http-error.js';
import { json } from '../internal/responses.js';
import type { OperationHandler, OperationRoutes } from '../operations/dispatch.js';
import { type CartridgeResource, cartridgeOf } from '../roster/cartridge.js';
import {
  type Context,
  creating,
  deleting,
  listing,
  type Params,
  reading,
  upserting,
} from '../roster/routes.js';
import { checkRecord, viewer, visibleRow } from '../roster/store.js';
import type { TableName } from '../roster/tables.js';
import type { StoredResourceLink } from '../state.js';

// OneRoster resources (`/ims/oneroster/resources/v1p2`, 15 operations of openapi/oneroster.yaml): the resources,
// and their assignment to classes, courses and users, kept as links beside the tables they join
// (docs/decisions.md#d-mock-oneroster-store).

/** The table of the objects a resource is assigned to, and the path parameter that names one. */
const OWNERS = {
  classes: { table: 'classes', param: 'classSourcedId' },
  courses: { table: 'courses', param: 'courseSourcedId' },
  users: { table: 'users', param: 'userSourcedId' },
} as const satisfies Record<StoredResourceLink['kind'], { table: TableName; param: string }>;

type Kind = keyof typeof OWNERS;

const linkKey = (kind: Kind, ownerId: string, resourceId: string) => `${kind}|${ownerId}|${resourceId}`;

/** The object the path names, which the caller must see (404 otherwise). */
const ownerOf = (kind: Kind, params: Params, caller: Context) =>
  visibleRow(caller, OWNERS[kind].table, params[OWNERS[kind].param] as string).sourcedId;

/** The resources assigned to the object the path names. */
const assigned = (kind: Kind) =>
  listing(
    'resources',
    (params, { core }) => {
      const ownerId = params[OWNERS[kind].param];
      const ids = new Set(
        [...core.state.roster.resourceLinks.values()]
          .filter((link) => link.kind === kind && link.ownerId === ownerId)
          .map((link) => link.resourceId),
      );
      return (row) => ids.has(row.sourcedId);
    },
    (params, caller) => void ownerOf(kind, params, caller as Context),
  );

/**
 * Assigns a resource (the body's `resource.sourcedId`, which must exist: 422) to the object the path names, and
 * responds as the operation states: the `sourcedId` pair (the resource's) or, where the document leaves the response
 * open, the resource (docs/decisions.md#d-oneroster-unstated-responses).
 */
const assign = (kind: Kind, how: 'pairs' | 'unstated') => async (context: Context, params: Params) => {
  const ownerId = ownerOf(kind, params, context);
  const input = ((await context.body()) as { resource: { sourcedId: string; dateAssigned?: string } })
    .resource;
  checkRecord(context, 'resources', { sourcedId: ownerId, resource: input }, { resource: 'resources' });
  const link = { kind, ownerId, resourceId: input.sourcedId, dateAssigned: input.dateAssigned ?? null };
  context.core.state.roster.resourceLinks.set(linkKey(kind, ownerId, input.sourcedId), link);
  if (how === 'pairs') {
    const pairs = { suppliedSourcedId: input.sourcedId, allocatedSourcedId: input.sourcedId };
    return json(201, { sourcedIdPairs: pairs });
  }
  const resource = context.core.state.roster.resources.get(input.sourcedId)!;
  return json(201, { resource: viewer(context, 'resources')(resource) });
};

/** Removes an assignment (the resource itself stays): 404 when the resource is not assigned there. */
const remove = (kind: Kind) => (context: Context, params: Params) => {
  const ownerId = ownerOf(kind, params, context);
  const key = linkKey(kind, ownerId, params.resourceSourcedId as string);
  if (!context.core.state.roster.resourceLinks.delete(key)) {
    throw notFound(`resource ${params.resourceSourcedId} is not assigned to ${kind} ${ownerId}`);
  }
  return new Response(null, { status: 204 });
};

/**
 * POST `resources/export/{sourceId}`: the resource as a Common Cartridge file (a ZIP), named in
 * `Content-Disposition`; 404 for a resource the caller cannot see, 422 for one deleted (`tobedeleted`), which has
 * nothing left to export (docs/decisions.md#d-oneroster-binary-export).
 */
const exportCartridge: OperationHandler<'exportResourceToCommonCartridge'> = (context, { sourceId }) => {
  const row = visibleRow(context, 'resources', sourceId);
  if (row.status === 'tobedeleted') {
    throw unprocessable(
      `resource ${sourceId} is tobedeleted: a deleted resource has no cartridge to export; export a resource whose status is active`,
    );
  }
  const body = cartridgeOf(row as unknown as CartridgeResource);
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="${sourceId.replace(/[^\w.-]/g, '_')}.imscc"`,
    },
  });
};

/** A handler of the loose kinds above, as the route table types it. */
const route = <T>(run: (context: Context, params: Params) => T) => run as never;

/** Every resources operation of openapi/oneroster.yaml. */
export const handlers: OperationRoutes = {
  getAllResources: listing('resources'),
  createResource: creating('resources', 'resource', 201, 'pairs'),
  getResource: reading('resources'),
  updateResource: upserting('resources', 'resource', 200, 'unstated'),
  deleteResource: deleting('resources', 204),
  getResourcesForClass: assigned('classes'),
  assignResourceToClass: route(assign('classes', 'pairs')),
  removeResourceFromClass: route(remove('classes')),
  getResourcesForCourse: assigned('courses'),
  assignResourceToCourse: route(assign('courses', 'unstated')),
  removeResourceFromCourse: route(remove('courses')),
  exportResourceToCommonCartridge: exportCartridge,
  getResourcesForUser: assigned('users'),
  assignResourceToUser: route(assign('users', 'unstated')),
  removeResourceFromUser: route(remove('users')),
};
