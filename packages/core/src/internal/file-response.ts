import { BinaryContent } from '../binary-content';
import { ApiError } from '../errors';
import type { BufferedResponse } from '../transport/transport';
import { authorizationSecrets } from './redact';
import { decodeText, preview } from './text';

/**
 * The file of a success response. A JSON or HTML response where a file was asked for is a proxy's or a login page, or
 * an error sent with 200: an ApiError that says so, not bytes a caller would save as the file.
 */
export function fileOf(raw: BufferedResponse, operation: string): BinaryContent {
  const { response } = raw;
  const type = response.headers.get('content-type');
  if (type && /json|html/i.test(type)) {
    const text = decodeText(raw.body);
    throw new ApiError({
      status: response.status,
      headers: response.headers,
      body: text,
      operation,
      requestId: raw.requestId,
      message: `${operation} returned ${response.status} with ${type} where a file was expected: ${preview(text)}. Check baseUrl (a proxy or login page?).`,
      alsoRedact: authorizationSecrets(raw.authorization),
    });
  }
  return new BinaryContent(raw.body, response);
}
