import { caliperEventIssues, envelopeMemberIssues, isIri } from '@learnkit/caliper';
import { ApiPromise, type RequestOptions, ValidationError } from '@learnkit/core';
import type { RawResponse, ValidationIssue } from '@learnkit/core/internal';
import { envelope } from '../caliper/envelope';
import {
  CALIPER_CONTEXT,
  type CaliperEnvelope,
  type CaliperEvent,
  type CaliperEventBase,
} from '../caliper/types';
import { isRecord } from '../check';
import { type ClientInit, type LooseHttp, toHttp } from './http';

/** Any Caliper 1.2 event: one the builders make, or any other with the common members. */
export type AnyCaliperEvent = CaliperEvent | (CaliperEventBase & { [member: string]: unknown });

/** What `send` takes: one event, several, or a whole envelope (`{ sensor, sendTime, dataVersion, data }`). */
export type CaliperSendInput =
  | AnyCaliperEvent
  | readonly AnyCaliperEvent[]
  | CaliperEnvelope<AnyCaliperEvent>;

/** Default most events in one request. */
export const DEFAULT_MAX_BATCH_EVENTS = 100;
/** Default most bytes (UTF-8 JSON of the envelope) in one request. */
export const DEFAULT_MAX_BATCH_BYTES = 256 * 1024;
/** Default number of accepted event ids remembered (never sent again). */
export const DEFAULT_REMEMBER_ACCEPTED = 20_000;

/** Options of {@link createCaliperClient}. */
export interface CaliperClientOptions {
  /** The sensor (your application's IRI) of envelopes built for bare events. An envelope keeps its own. */
  sensor?: string | undefined;
  /** Most events in one request (default 100). Larger inputs go in several requests, in order. */
  maxBatchEvents?: number | undefined;
  /** Most bytes of one request body (default 256 KiB); an event larger than this alone is refused. */
  maxBatchBytes?: number | undefined;
  /**
   * How many accepted event ids are remembered so they are never sent again (default 20,000, oldest forgotten
   * first; 0: none). The platform dedupes by id too, so a forgotten id resent is counted as a duplicate.
   */
  rememberAccepted?: number | undefined;
  /**
   * Check every event before sending (default true), with the rules the platform's ingest applies: Caliper 1.2
   * and the platform's profile (docs/decisions.md#d-caliper-one-rule-set).
   */
  validate?: boolean | undefined;
}

/** Per-call settings of `send`. */
export interface CaliperSendOptions
  extends Pick<RequestOptions, 'signal' | 'timeoutMs' | 'deadlineMs' | 'retry' | 'headers'> {
  /** The sensor of this call's envelope, for bare events (default the client's `sensor`). */
  sensor?: string | undefined;
}

/** What `send` achieved. */
export interface CaliperSendResult {
  /** Events the platform stored for the first time. */
  accepted: number;
  /** Events the platform already had (sent before, by this process or another). */
  duplicates: number;
  /** Ids not sent at all: this client had them accepted before. */
  skipped: string[];
  /** Requests made (0 when everything was skipped). */
  requests: number;
}

/** The Caliper ingest (POST /caliper/v1p2) over the LearnKit transport. */
export interface CaliperClient {
  /**
   * Validates, batches and sends Caliper 1.2 events. Every request is idempotent (keyed by event ids), so the
   * transport retries it on connection errors, timeouts, 429 and 5xx. Ids this client had accepted before are
   * not sent again. Bad input is a `ValidationError` naming the path (`data[2].actor.email`), and nothing is
   * sent; a failed request rejects with core's typed error, and the batches before it stay accepted.
   *
   * @example
   * await caliper.send(timeSpentEvent({ ... }));
   * await caliper.send([event1, event2], { sensor: 'https://app.example.com' });
   * await caliper.send(envelope({ sensor, events }));
   */
  send(input: CaliperSendInput, options?: CaliperSendOptions): ApiPromise<CaliperSendResult>;
  /** Whether the platform accepted `id` through this client (and it is still remembered). */
  hasAccepted(id: string): boolean;
}

const isEnvelope = (v: unknown): v is Record<string, unknown> & { data: unknown } =>
  isRecord(v) && 'data' in v && ('sensor' in v || 'dataVersion' in v) && !('@context' in v);

function positiveInteger(issues: ValidationIssue[], name: string, value: unknown, min = 1): void {
  if (value !== undefined && !(Number.isInteger(value) && (value as number) >= min))
    issues.push({ path: [name], message: `must be an integer >= ${min} (got ${String(value)})` });
}

const encoder = new TextEncoder();
const bytesOf = (text: string) => encoder.encode(text).byteLength;

/**
 * A Caliper client over a core HTTP client (share the SDK's, so one token cache serves everything) or the
 * options to build one. Needs scope `events.write`.
 *
 * @example
 * const caliper = createCaliperClient(http, { sensor: 'https://app.example.com' });
 * const { accepted, duplicates } = await caliper.send(events);
 */
export function createCaliperClient(init: ClientInit, options: CaliperClientOptions = {}): CaliperClient {
  const issues: ValidationIssue[] = [];
  positiveInteger(issues, 'maxBatchEvents', options.maxBatchEvents);
  positiveInteger(issues, 'maxBatchBytes', options.maxBatchBytes, 1024);
  positiveInteger(issues, 'rememberAccepted', options.rememberAccepted, 0);
  if (options.sensor !== undefined && !isIri(options.sensor))
    issues.push({ path: ['sensor'], message: 'must be an absolute IRI such as https://app.example.com' });
  if (issues.length) throw new ValidationError(issues);

  const { http } = toHttp(init);
  return caliperClientOver(http, options);
}

/** @internal The client over an already resolved HTTP client (the activity server shares its own). */
export function caliperClientOver(http: LooseHttp, options: CaliperClientOptions = {}): CaliperClient {
  const maxEvents = options.maxBatchEvents ?? DEFAULT_MAX_BATCH_EVENTS;
  const maxBytes = options.maxBatchBytes ?? DEFAULT_MAX_BATCH_BYTES;
  const remember = options.rememberAccepted ?? DEFAULT_REMEMBER_ACCEPTED;
  const validate = options.validate ?? true;
  // Insertion order is acceptance order: the oldest ids are forgotten first.
  const accepted = new Set<string>();
  const markAccepted = (id: string) => {
    if (remember === 0) return;
    accepted.delete(id);
    accepted.add(id);
    while (accepted.size > remember) accepted.delete(accepted.values().next().value as string);
  };

  /** The envelope members and events of an input, checked; throws a ValidationError listing every problem. */
  function normalize(input: CaliperSendInput, sendOptions: CaliperSendOptions | undefined) {
    const issues: ValidationIssue[] = [];
    let sensor: unknown;
    let sendTime: string | undefined;
    let events: unknown[];
    if (isEnvelope(input)) {
      issues.push(...envelopeMemberIssues(input));
      sensor = input.sensor;
      sendTime = typeof input.sendTime === 'string' ? input.sendTime : undefined;
      events = Array.isArray(input.data) ? input.data : [];
    } else {
      events = Array.isArray(input) ? [...input] : [input];
      sensor = sendOptions?.sensor ?? options.sensor;
      if (sensor === undefined)
        issues.push({
          path: ['sensor'],
          message:
            'is required to send bare events: pass { sensor } to createCaliperClient or send, or send an envelope',
        });
      else if (!isIri(sensor))
        issues.push({ path: ['sensor'], message: 'must be an absolute IRI such as https://app.example.com' });
      if (events.length === 0) issues.push({ path: ['data'], message: 'must hold at least one event' });
    }
    const firstAt = new Map<string, number>();
    events.forEach((event, i) => {
      const id = isRecord(event) ? event.id : undefined;
      if (validate) issues.push(...caliperEventIssues(event, ['data', i]));
      else if (typeof id !== 'string' || !id.startsWith('urn:'))
        issues.push({ path: ['data', i, 'id'], message: 'must be a URN such as urn:uuid:<uuid>' });
      if (typeof id === 'string') {
        const first = firstAt.get(id);
        if (first !== undefined)
          issues.push({ path: ['data', i, 'id'], message: `repeats the id of data[${first}] (${id})` });
        else firstAt.set(id, i);
      }
    });
    if (issues.length) throw new ValidationError(issues);
    return { sensor: sensor as string, sendTime, events: events as AnyCaliperEvent[] };
  }

  return {
    hasAccepted: (id) => accepted.has(id),

    send: (input, sendOptions) => ApiPromise.fromResult(() => send(input, sendOptions)),
  };

  /** `send`, with the response of its last request (undefined when every event had been accepted before). */
  async function send(
    input: CaliperSendInput,
    sendOptions: CaliperSendOptions | undefined,
  ): Promise<{ data: CaliperSendResult; rawResponse: RawResponse | undefined }> {
    const { sensor, sendTime, events } = normalize(input, sendOptions);
    const skipped: string[] = [];
    const unsent: { event: AnyCaliperEvent; json: string; bytes: number }[] = [];
    const issues: ValidationIssue[] = [];
    events.forEach((event, i) => {
      if (accepted.has(event.id)) {
        skipped.push(event.id);
        return;
      }
      const json = JSON.stringify(event);
      const bytes = bytesOf(json);
      if (bytes + 200 > maxBytes)
        issues.push({
          path: ['data', i],
          message: `is ${bytes} bytes, more than one request may carry (maxBatchBytes ${maxBytes})`,
        });
      unsent.push({ event, json, bytes });
    });
    if (issues.length) throw new ValidationError(issues);

    // Greedy batches in input order, each within both bounds.
    const overhead = bytesOf(
      JSON.stringify({
        sensor,
        sendTime: sendTime ?? new Date().toISOString(),
        dataVersion: CALIPER_CONTEXT,
        data: [],
      }),
    );
    const batches: AnyCaliperEvent[][] = [];
    let size = Infinity;
    for (const item of unsent) {
      const last = batches.at(-1);
      if (!last || last.length >= maxEvents || size + item.bytes + 1 > maxBytes) {
        batches.push([item.event]);
        size = overhead + item.bytes;
      } else {
        last.push(item.event);
        size += item.bytes + 1;
      }
    }

    const { sensor: _sensor, ...requestOptions } = sendOptions ?? {};
    const result: CaliperSendResult = { accepted: 0, duplicates: 0, skipped, requests: 0 };
    let lastResponse: RawResponse | undefined;
    for (const batch of batches) {
      const body = envelope({ sensor, events: batch, ...(sendTime !== undefined && { sendTime }) });
      result.requests++;
      const { data, rawResponse } = await http
        .call('POST', '/caliper/v1p2', {
          body,
          // Keyed by event ids: sending a batch twice is harmless, so every transient failure is retried.
          options: { ...requestOptions, idempotent: true },
        })
        .withRawResponse();
      lastResponse = rawResponse;
      const counts = isRecord(data) ? data : {};
      const newOnes = typeof counts.accepted === 'number' ? counts.accepted : batch.length;
      result.accepted += newOnes;
      result.duplicates += typeof counts.duplicates === 'number' ? counts.duplicates : batch.length - newOnes;
      for (const event of batch) markAccepted(event.id);
    }
    return { data: result, rawResponse: lastResponse };
  }
}
