import type { OperationId } from '../generated/operations.js';

/**
 * The operations of the documents the mock does not model, each with the reason: they answer 501 saying it
 * (docs/decisions.md#d-i15-not-modelled). The coverage test fails when an operation is in neither this list nor
 * the handlers, or in both.
 */
export const NOT_MODELLED: { readonly [Id in OperationId]?: string } = {};
