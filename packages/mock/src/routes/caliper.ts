import { caliperEnvelopeIssues, formatCaliperIssue } from '@learnkit/caliper';
import { applyEvent, unresolved } from '../caliper/apply.js';
import { caliperLedger } from '../caliper/ledger.js';
import { badRequest, HttpError } from '../internal/http-error.js';
import type { OperationRoutes } from '../operations/dispatch.js';
import type { StoredCaliperEvent } from '../state.js';

type Envelope = { sensor: string; data: Record<string, unknown>[] };

const SHOWN_PROBLEMS = 8;

/**
 * The Caliper ingest, one batch as one write (docs/decisions.md#d-caliper-atomic-batch): the structure of every event
 * first (400), then what the events refer to (422), and only then are the events not seen before (by id) stored
 * and applied. A refused batch changes nothing.
 */
export const handlers: OperationRoutes = {
  // Read raw: the Caliper rules `caliper.send` applies too word each problem as Caliper clients show it, so the SDK
  // and the mock accept and refuse the same events (docs/decisions.md#d-caliper-one-rule-set).
  sendCaliperEvents: {
    body: 'raw',
    handle: async (context) => {
      const { core, client } = context;
      const body = await context.body();
      const problems = caliperEnvelopeIssues(body).map(formatCaliperIssue);
      if (problems.length > 0) {
        const more =
          problems.length > SHOWN_PROBLEMS ? ` (and ${problems.length - SHOWN_PROBLEMS} more)` : '';
        throw badRequest(
          `Invalid Caliper batch, nothing stored: ${problems.slice(0, SHOWN_PROBLEMS).join('; ')}${more}`,
        );
      }
      const envelope = body as Envelope;
      const refused = unresolved(core, envelope.data);
      if (refused) throw new HttpError(422, refused.message, refused.error);

      const { byId } = caliperLedger(core.state);
      let accepted = 0;
      // The events of ids not seen before are stored and applied, each once (a batch may repeat an id too); every
      // copy of an id counts as a receipt of it, so tests can tell at-least-once delivery (docs/decisions.md#d-mock-caliper-receipts).
      for (const event of envelope.data) {
        const known = byId.get(event.id as string);
        if (known) {
          known.receipts = (known.receipts ?? 1) + 1;
          continue;
        }
        const stored: StoredCaliperEvent = {
          event,
          receivedAt: core.clock.now(),
          clientId: client.clientId,
          sensor: envelope.sensor,
          receipts: 1,
        };
        core.state.caliperEvents.push(stored);
        byId.set(event.id as string, stored);
        accepted++;
        applyEvent(core, event, client);
      }
      return context.json(200, { accepted, duplicates: envelope.data.length - accepted });
    },
  },
};
