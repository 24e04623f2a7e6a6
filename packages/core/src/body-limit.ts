import { LearnKitError } from './errors';

/**
 * A request body over the size a handler accepts. Handlers respond to it with 413; {@link readBodyWithLimit} throws it
 * before reading more than the limit.
 */
export class PayloadTooLargeError extends LearnKitError {
  /** @internal */
  static override readonly brandName: string = 'PayloadTooLargeError';
  /** The limit that was passed, in bytes. */
  readonly maxBytes: number;

  constructor(maxBytes: number) {
    super(
      `The request body is larger than ${maxBytes} bytes; raise maxBodyBytes if such bodies are expected.`,
    );
    this.maxBytes = maxBytes;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), maxBytes: this.maxBytes };
  }
}

/** What {@link readBodyWithLimit} reads: a web body stream, or a Node request (an async iterable of chunks). */
export type BodySource = ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string>;

const encoder = /* @__PURE__ */ new TextEncoder();

/** The chunks of `source`, and how to stop reading it early (cancel the web stream, end the Node iterator). */
function chunksOf(source: BodySource): AsyncIterator<Uint8Array | string> {
  if (typeof (source as ReadableStream).getReader === 'function') {
    // A reader rather than async iteration: not every runtime that has web streams can iterate them.
    const reader = (source as ReadableStream<Uint8Array>).getReader();
    return {
      next: () => reader.read() as Promise<IteratorResult<Uint8Array>>,
      return: async () => {
        await reader.cancel().catch(() => {});
        return { done: true, value: undefined };
      },
    };
  }
  return (source as AsyncIterable<Uint8Array | string>)[Symbol.asyncIterator]();
}

/**
 * Reads a request body whole, refusing one over `maxBytes` with {@link PayloadTooLargeError}: at once when its
 * declared length (`Content-Length`) is over the limit, else as soon as the bytes read pass it, leaving the rest
 * unread (docs/decisions.md#d-capped-body-reader). The one body reader of LearnKit's handlers: the webhook handler on a
 * web `Request` and `toNodeListener` on a Node request both read through it.
 *
 * @example
 * const body = await readBodyWithLimit(request.body, 1024 * 1024, request.headers.get('content-length'));
 */
export async function readBodyWithLimit(
  source: BodySource | null | undefined,
  maxBytes: number,
  declaredLength?: string | number | null,
): Promise<Uint8Array> {
  if (declaredLength !== undefined && declaredLength !== null && Number(declaredLength) > maxBytes) {
    throw new PayloadTooLargeError(maxBytes);
  }
  if (!source) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const iterator = chunksOf(source);
  try {
    for (;;) {
      const { done, value } = await iterator.next();
      if (done) break;
      const bytes = typeof value === 'string' ? encoder.encode(value) : value;
      size += bytes.byteLength;
      if (size > maxBytes) throw new PayloadTooLargeError(maxBytes);
      chunks.push(bytes);
    }
  } catch (error) {
    await iterator.return?.();
    throw error;
  }
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}
