/**
 * A file the platform responded (a Common Cartridge `.imscc`, ...), not JSON: its bytes, read the way the caller
 * needs them, with the response's media type and file name (docs/decisions.md#d-oneroster-binary-export). The body
 * has been read once by the transport (so retries and error bodies work as for JSON); every reader below gives
 * the same bytes and may be called again.
 *
 * @example
 * const cartridge = await lk.oneroster.resources.export('res-fractions-video');
 * cartridge.contentType; // 'application/zip'
 * cartridge.filename; // 'res-fractions-video.imscc', when the server names it
 * const bytes = await cartridge.bytes();
 */
export class BinaryContent {
  readonly #bytes: Uint8Array;
  /** The final response, for its status and headers; its body is what the readers give. */
  readonly response: Response;

  /** @internal Calls make these from the response the transport read. */
  constructor(bytes: Uint8Array, response: Response) {
    this.#bytes = bytes;
    this.response = response;
  }

  /** The response's media type without parameters (`application/zip`), or undefined when it names none. */
  get contentType(): string | undefined {
    const type = this.response.headers.get('content-type');
    return type ? type.split(';')[0]?.trim().toLowerCase() : undefined;
  }

  /** The file name `Content-Disposition` gives (`filename*` first, then `filename`), or undefined. */
  get filename(): string | undefined {
    return filenameOf(this.response.headers.get('content-disposition'));
  }

  /** The number of bytes. */
  get size(): number {
    return this.#bytes.byteLength;
  }

  /** The bytes (a copy: changing it changes nothing here). */
  async bytes(): Promise<Uint8Array> {
    return this.#bytes.slice();
  }

  /** The bytes as an `ArrayBuffer`, as `Response.arrayBuffer()` gives them. */
  async arrayBuffer(): Promise<ArrayBuffer> {
    return this.#bytes.slice().buffer as ArrayBuffer;
  }

  /** The bytes as a `Blob` of the response's media type (for a download link in a browser, `FormData`, ...). */
  async blob(): Promise<Blob> {
    return new Blob([this.#bytes.slice()], { type: this.contentType ?? '' });
  }

  /** The bytes as a stream (`pipeTo` a file or another request). */
  stream(): ReadableStream<Uint8Array> {
    const bytes = this.#bytes.slice();
    return new ReadableStream({
      start(controller) {
        if (bytes.byteLength > 0) controller.enqueue(bytes);
        controller.close();
      },
    });
  }
}

/** The file name of a `Content-Disposition` value: RFC 6266's `filename*` (UTF-8) wins over `filename`. */
export function filenameOf(disposition: string | null | undefined): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (extended?.[1]) {
    try {
      return baseName(decodeURIComponent(extended[1].trim()));
    } catch {
      // A malformed percent-encoding: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/.exec(disposition);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  return name ? baseName(name) : undefined;
}

/** Only the last segment of a name, so a server's `../../x` cannot name a place to write outside a folder. */
function baseName(name: string): string | undefined {
  const last = name.split(/[\\/]/).pop()?.trim();
  return last && last !== '.' && last !== '..' ? last : undefined;
}
