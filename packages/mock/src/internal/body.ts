import { badRequest, HttpError } from './http-error.js';
import { echo, MAX_JSON_DEPTH } from './limits.js';

export { isRecord } from '@learnkit/core/internal';

/**
 * Whether JSON text nests arrays and objects deeper than `max` levels (the outermost value is level 1). A scan of
 * the text, without recursion, so it holds for any depth and runs before `JSON.parse` builds anything; strings are
 * skipped with `indexOf`, so a 155 MB framework costs a fraction of its parse.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x22) {
      // To the closing quote: the next one preceded by an even number of backslashes.
      let end = index;
      for (;;) {
        end = text.indexOf('"', end + 1);
        if (end < 0) return false; // unterminated: JSON.parse reports it
        let slashes = 0;
        while (text.charCodeAt(end - 1 - slashes) === 0x5c) slashes++;
        if (slashes % 2 === 0) break;
      }
      index = end;
    } else if (code === 0x7b || code === 0x5b) {
      if (++depth > max) return true;
    } else if (code === 0x7d || code === 0x5d) depth--;
  }
  return false;
}

/**
 * Whether a value nests arrays and objects deeper than `max` levels (itself level 1), walked without recursion and
 * stopping at the first level past `max`, so a value 100,000 levels deep costs `max` steps down its deepest branch.
 */
export function nestsDeeperThanValue(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, level] = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (level > max) return true;
    for (const child of Object.values(node)) stack.push([child, level + 1]);
  }
  return false;
}

/** A number literal JSON.parse reads as Infinity: an exponent of three digits or more, or 309 digits in a row. */
const HUGE_NUMBER = /[eE]\+?\d{3}|\d{309}/;

/** Whether a parsed value holds a number that is not finite (a literal too large for a double, such as `1e309`). */
function holdsInfinity(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === 'number' && !Number.isFinite(node)) return true;
    if (typeof node === 'object' && node !== null) for (const child of Object.values(node)) stack.push(child);
  }
  return false;
}

/**
 * JSON text as a value: null when it is not JSON; a 400 when it nests deeper than `MAX_JSON_DEPTH` levels or holds
 * a number too large for a double, which JSON.parse reads as Infinity and a later response writes as `null`
 * (docs/decisions.md#d-mock-limits, docs/decisions.md#d-mock-hostile-input). The scan for such a number runs only
 * when the text has a literal that could be one, so a large framework is not walked twice.
 */
export function parseJsonText(text: string): { value: unknown } | null {
  if (nestsDeeperThan(text, MAX_JSON_DEPTH))
    throw badRequest(
      `request body is nested deeper than ${MAX_JSON_DEPTH} levels; flatten it (the body itself is level 1)`,
    );
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    return null;
  }
  if (HUGE_NUMBER.test(text) && holdsInfinity(value))
    throw badRequest(
      'request body holds a number too large for a double (such as 1e309); send a finite number',
    );
  return { value };
}

/**
 * Whether a `Content-Type` names JSON: `application/json` or a `+json` type, any parameters after it (RFC 6839).
 * The documents state `application/json` for every JSON body (docs/decisions.md#d-mock-hostile-input).
 */
export function isJsonMediaType(contentType: string | null): boolean {
  const type = contentType?.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || /^application\/[\w.+-]+\+json$/.test(type);
}

/**
 * Reads a JSON body; a missing or malformed one is a 400 saying so, and so is one sent as another content type
 * (saying which to send) or nested deeper than `MAX_JSON_DEPTH` levels, which later reads and copies could not walk (docs/decisions.md#d-mock-limits).
 */
export async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim().length === 0) throw badRequest('request body is required (JSON)');
  const contentType = request.headers.get('content-type');
  if (!isJsonMediaType(contentType))
    throw badRequest(
      `request body must be sent with Content-Type: application/json (got ${contentType === null ? 'none' : echo(contentType)}), as the documents state`,
    );
  const parsed = parseJsonText(text);
  if (!parsed) throw badRequest('request body is not valid JSON');
  return parsed.value;
}

/** 413 for a body over `maxBytes`, saying the limit. */
const tooLarge = (maxBytes: number) =>
  new HttpError(
    413,
    `request body is larger than ${maxBytes.toLocaleString('en-US')} bytes, the most this operation accepts; send less in one request`,
  );

/**
 * The body's chunks as they arrived, or null without a body; a 413 when it is larger than `maxBytes`, decided by
 * `Content-Length` before reading anything, or else as soon as more arrives, so an endless body is never buffered.
 */
export async function bufferBodyWithin(request: Request, maxBytes: number): Promise<Uint8Array[] | null> {
  if (request.body === null) return null;
  const declared = request.headers.get('content-length')?.trim();
  // Refused bodies are left unread rather than cancelled: MSW never responds to a request whose body its handler
  // cancelled, and the loopback adapter drains what is left once the response is sent.
  if (declared && /^\d+$/.test(declared) && Number(declared) > maxBytes) throw tooLarge(maxBytes);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return chunks;
      size += value.byteLength;
      if (size > maxBytes) {
        reader.releaseLock();
        throw tooLarge(maxBytes);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw badRequest('request body could not be read to its end; send it again');
  }
}

/** A stream of chunks already read, to hand on as a request body without copying them. */
export function streamOf(chunks: readonly Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}
