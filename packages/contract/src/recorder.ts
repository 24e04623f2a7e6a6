import type { Contract } from './contract.js';
import { type ContractResult, formatResult, type RequestLike, toRequestLike } from './types.js';

/** Collects the results of every check made while it is attached; `assertClean()` fails a test on any violation. */
export class ContractRecorder {
  readonly results: ContractResult[] = [];

  /** Results that failed. */
  violations(): ContractResult[] {
    return this.results.filter((result) => !result.ok);
  }

  /** Throws one readable error listing every violation seen so far. */
  assertClean(): void {
    const violations = this.violations();
    if (violations.length > 0) throw new Error(violations.map(formatResult).join('\n\n'));
  }

  /** Forgets what was recorded (for example between tests). */
  clear(): void {
    this.results.length = 0;
  }
}

type LifeCycleEvents = {
  on(event: 'request:start', listener: (args: { request: Request; requestId: string }) => void): void;
  on(
    event: 'response:mocked',
    listener: (args: { request: Request; requestId: string; response: Response }) => void,
  ): void;
};

/**
 * Checks every request an MSW server sees and every response it mocks against the contract.
 *
 * @example
 * const server = setupServer(...platform.handlers);
 * const contract = attachContract(server, loadContract());
 * afterEach(() => contract.assertClean());
 */
export function attachContract(
  server: { events: LifeCycleEvents },
  contract: Contract,
): ContractRecorder & { settled(): Promise<void> } {
  const recorder = new ContractRecorder();
  const requests = new Map<string, Promise<RequestLike>>();
  const pending = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  };
  server.events.on('request:start', ({ request, requestId }) => {
    const like = toRequestLike(request);
    requests.set(requestId, like);
    track(like.then(async (value) => void recorder.results.push(await contract.checkRequest(value))));
  });
  server.events.on('response:mocked', ({ request, requestId, response }) => {
    const like = requests.get(requestId) ?? toRequestLike(request);
    requests.delete(requestId);
    const copy = response.clone();
    track(like.then(async (value) => void recorder.results.push(await contract.checkResponse(value, copy))));
  });
  return Object.assign(recorder, {
    /** Waits for the checks still reading bodies. */
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  });
}

/**
 * Wraps a `fetch` so that every request it sends and every response it receives is checked, for tests that talk
 * to a real (loopback) server rather than through MSW.
 */
export function contractFetch(
  contract: Contract,
  recorder: ContractRecorder,
  inner: typeof fetch = globalThis.fetch,
): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const like = await toRequestLike(request);
    recorder.results.push(await contract.checkRequest(like));
    const response = await inner(request);
    recorder.results.push(await contract.checkResponse(like, response));
    return response;
  };
}
