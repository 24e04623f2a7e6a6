// A fake partner endpoint: it takes protocol bodies like the future server handler (dedupe by event id,
// respond with 202), and can be told to fail, refuse, hold or hang, so the tests can break the network at will.
import { type ActivityMessage, parseActivityBatch } from '../../src/protocol';

/** What a request meets: the endpoint responds, the network fails, the request never ends, or a status. */
export type Mode = 'ok' | 'network' | 'hang' | number;

export interface FakeEndpoint {
  /** The fetch to give `configure`. */
  fetch: typeof fetch;
  /** The beacon to install as `navigator.sendBeacon`. */
  beacon: (url: string | URL, data?: BodyInit | null) => boolean;
  /** Every request, in order, with how it reached the endpoint. */
  requests: { via: 'fetch' | 'beacon' | 'keepalive'; body: string; init?: RequestInit }[];
  /** Each accepted event once, in the order first received (what a deduping server keeps). */
  accepted: Map<string, ActivityMessage>;
  /** How many accepted deliveries were duplicates. */
  duplicates: number;
  /** How the next requests get a response; a function decides per request (n counts from 0). */
  mode: Mode | ((n: number) => Mode);
  /** Whether the beacon queues (true) or refuses like a full queue (false). */
  beaconQueues: boolean;
  /** Bodies the protocol validator refused (must stay empty). */
  invalid: string[];
  /** Requests in flight now, and the most at once. */
  inFlight: number;
  maxInFlight: number;
  /** Holds every response until the returned function is called. */
  hold(): () => void;
  /** Active ms of accepted time windows. */
  activeMs(): number;
  /** Accepted events, of one kind or all. */
  events(kind?: ActivityMessage['kind']): ActivityMessage[];
}

// Blob contents are only readable asynchronously; remember what each Blob was made of instead.
const blobText = new WeakMap<Blob, string>();

export function createFakeEndpoint(): FakeEndpoint {
  let count = 0;
  let gate: Promise<void> | null = null;
  const nextMode = () => (typeof endpoint.mode === 'function' ? endpoint.mode(count++) : endpoint.mode);
  const take = (body: string) => {
    const parsed = parseActivityBatch(JSON.parse(body));
    if (!parsed.ok) {
      endpoint.invalid.push(...parsed.errors);
      return 400;
    }
    for (const m of parsed.value.events) {
      if (endpoint.accepted.has(m.id)) endpoint.duplicates++;
      else endpoint.accepted.set(m.id, m);
    }
    return 202;
  };
  const rawResponse = async (body: string, init?: RequestInit): Promise<Response> => {
    const mode = nextMode();
    if (mode === 'network') throw new TypeError('Failed to fetch');
    if (mode === 'hang')
      return new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    return new Response(null, { status: typeof mode === 'number' ? mode : take(body) });
  };
  const endpoint: FakeEndpoint = {
    requests: [],
    accepted: new Map(),
    duplicates: 0,
    mode: 'ok',
    beaconQueues: true,
    invalid: [],
    inFlight: 0,
    maxInFlight: 0,
    hold() {
      let release = () => {};
      gate = new Promise((resolve) => {
        release = () => {
          gate = null;
          resolve();
        };
      });
      return release;
    },
    fetch: (async (_url: string | URL | Request, init?: RequestInit) => {
      const body = String(init?.body);
      endpoint.requests.push({ via: init?.keepalive ? 'keepalive' : 'fetch', body, init });
      endpoint.maxInFlight = Math.max(endpoint.maxInFlight, ++endpoint.inFlight);
      try {
        if (gate) await gate;
        return await rawResponse(body, init);
      } finally {
        endpoint.inFlight--;
      }
    }) as typeof fetch,
    beacon: (_url, data) => {
      if (!endpoint.beaconQueues) return false;
      const body = blobText.get(data as Blob) ?? '';
      endpoint.requests.push({ via: 'beacon', body });
      if (nextMode() === 'ok') take(body);
      return true;
    },
    activeMs: () =>
      endpoint
        .events('timeSpent')
        .reduce((sum, m) => sum + (m.kind === 'timeSpent' ? m.window.activeMs : 0), 0),
    events: (kind) => [...endpoint.accepted.values()].filter((m) => !kind || m.kind === kind),
  };
  return endpoint;
}

const NativeBlob = globalThis.Blob;
/** Installs a Blob that remembers its text, so a beacon can be read at once. */
export function trackBlobs(): void {
  class TrackedBlob extends NativeBlob {
    constructor(parts?: BlobPart[], options?: BlobPropertyBag) {
      super(parts, options);
      blobText.set(this, (parts ?? []).map(String).join(''));
    }
  }
  globalThis.Blob = TrackedBlob as typeof Blob;
}
