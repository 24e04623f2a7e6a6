import http from 'node:http';
import https from 'node:https';

/** What a raw request got back. */
export type RawResponse = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
};

/** Options of {@link rawRequest}: anything `fetch` refuses to send (TRACE, a Host header, an absolute-form target). */
export type RawOptions = {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
};

/**
 * A request through node:http(s) rather than `fetch`, which refuses TRACE and rewrites Host. MSW intercepts it
 * like a `fetch`, and over loopback it goes on the wire as written. `target` is the request-target as sent: a path
 * with its query, or an absolute URL (absolute-form).
 */
export function rawRequest(origin: string, target: string, options: RawOptions = {}): Promise<RawResponse> {
  const url = new URL(origin);
  // Looked up at call time (not imported by name), so MSW's patched `request` is the one called.
  const send = url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const request = send(
      {
        protocol: url.protocol,
        hostname: url.hostname,
        port: url.port || undefined,
        method: options.method ?? 'GET',
        path: target,
        headers: options.headers,
        setHost: !Object.keys(options.headers ?? {}).some((name) => name.toLowerCase() === 'host'),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}
