import { CATALOGUE_VERSION, WEBHOOK_EVENT_CATALOGUE, WEBHOOK_EVENT_TYPES } from '@learnkit/webhooks';
import { DEVPLATFORM_OPERATIONS } from '../generated/tools';
import { dataResult, type ToolResult } from '../result';
import type { Tool } from '../tool';

/** The catalogue as the tool responds to it: the version, and each type with its Since and data members. */
export function eventTypes(): Record<string, unknown> {
  return {
    catalogueVersion: CATALOGUE_VERSION,
    eventTypes: WEBHOOK_EVENT_TYPES.map((type) => ({
      type,
      since: WEBHOOK_EVENT_CATALOGUE[type].since,
      fields: WEBHOOK_EVENT_CATALOGUE[type].fields,
    })),
  };
}

const field = {
  type: 'object',
  properties: {
    type: { type: 'string' },
    nullable: { type: 'boolean' },
    required: { type: 'boolean' },
  },
  required: ['type', 'nullable', 'required'],
};

/**
 * `devplatform_list_event_types`: the webhook event catalogue @learnkit/webhooks was generated with, for a model
 * choosing `eventTypes`. Read-only and local: no credentials, no request.
 */
export function listEventTypesTool(): Tool {
  return {
    name: 'devplatform_list_event_types',
    title: 'List webhook event types',
    description: `The webhook event catalogue (${CATALOGUE_VERSION}): every event type a subscription's eventTypes may name, the catalogue version it first appeared in (since), and the members of its data with their JSON types. Payloads hold references only; read current state through the API.`,
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    outputSchema: {
      type: 'object',
      properties: {
        catalogueVersion: { type: 'string' },
        eventTypes: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              type: { type: 'string' },
              since: { type: 'string' },
              fields: { type: 'object', additionalProperties: field },
            },
            required: ['type', 'since', 'fields'],
          },
        },
      },
      required: ['catalogueVersion', 'eventTypes'],
    },
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    // The catalogue of the webhook subscriptions' `eventTypes`: selected with their tag.
    tags: DEVPLATFORM_OPERATIONS[0]?.tags ?? [],
    async call(): Promise<ToolResult> {
      return dataResult(eventTypes());
    },
  };
}
