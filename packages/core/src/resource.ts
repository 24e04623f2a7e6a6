import { type CallOptionsRules, checkCallOptions } from './input/call-options';
import type { RequestOptions } from './transport/transport';

/**
 * @internal The base of the clients' resource classes (`lk.case.documents`, `lk.rostering.users`): it holds the
 * core HTTP client the methods call, so that a class states only its methods (docs/decisions.md#d-resource-base-class).
 */
export abstract class Resource<Http> {
  readonly #http: Http;

  /** @internal Built by the package's `create...Client`. */
  constructor(http: Http) {
    this.#http = http;
  }

  /**
   * @internal The shared core HTTP client, typed with the package's paths: a getter of private state, so that
   * the client is no member of the resource object (not enumerated, not shown when it is logged).
   */
  protected get http(): Http {
    return this.#http;
  }
}

/** @internal The request init of a call on one resource: its path parameters and its checked call settings. */
export interface PathInit<Path> {
  params: { path: Path };
  options: RequestOptions;
}

/**
 * @internal The request init of a call on one resource: `path` (ids already checked with `checkId`), and the
 * transport's options from `options` checked by `rules` (see `checkCallOptions`). Without options, the transport's
 * options are one shared frozen object, never a copy (docs/decisions.md#d-no-options-no-allocation).
 */
export function pathInit<Path>(path: Path, options: unknown, rules?: CallOptionsRules): PathInit<Path> {
  return { params: { path }, options: checkCallOptions(options, rules).request };
}

/** @internal {@link pathInit} with the body of a write (already checked against its schema). */
export function pathBodyInit<Path, Body>(
  path: Path,
  body: Body,
  options: unknown,
  rules?: CallOptionsRules,
): PathInit<Path> & { body: Body } {
  return { params: { path }, body, options: checkCallOptions(options, rules).request };
}

/**
 * @internal The frozen object of a client's resources, each class built over the one shared HTTP client (what
 * `create...Client` returns, or one group of it).
 */
export function resourcesOver<Http, Classes extends Record<string, new (http: Http) => unknown>>(
  http: Http,
  classes: Classes,
): { readonly [K in keyof Classes]: InstanceType<Classes[K]> } {
  const built: Record<string, unknown> = {};
  for (const name of Object.keys(classes))
    built[name] = new (classes[name] as new (http: Http) => unknown)(http);
  return Object.freeze(built) as { readonly [K in keyof Classes]: InstanceType<Classes[K]> };
}
