// Every exchange with the control path of `learnkit-mock serve` checked against openapi/mock-control.yaml, with the
// contract package's checker (docs/decisions.md#d-mock-control-document).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ContractRecorder,
  contractFetch,
  formatResult,
  loadControlContract,
  toRequestLike,
} from '@learnkit/contract';

/**
 * Sends a request to the control path and throws unless the response conforms to the control document, and the
 * request does too; with `conforms: false`, a request the test sends to see it refused, unless the document
 * refuses the request (the response must still conform).
 */
export async function checkedExchange(url: string, init: RequestInit, conforms = true): Promise<Response> {
  const contract = loadControlContract();
  const request = await toRequestLike(new Request(url, init));
  const requestCheck = await contract.checkRequest(request);
  if (requestCheck.ok !== conforms)
    throw new Error(
      conforms
        ? formatResult(requestCheck)
        : `${requestCheck.where} conforms, but the test sends it as refused`,
    );
  const response = await fetch(url, init);
  const responseCheck = await contract.checkResponse(request, response.clone());
  if (!responseCheck.ok) throw new Error(formatResult(responseCheck));
  return response;
}

/**
 * A loopback proxy to the mock at `target` whose every exchange is checked, for a process that calls the control
 * path itself (`learnkit-mock trigger --url <proxy>`); `recorder` holds the checks.
 */
export async function checkedControlProxy(
  target: string,
): Promise<{ url: string; recorder: ContractRecorder; close(): Promise<void> }> {
  const recorder = new ContractRecorder();
  const checked = contractFetch(loadControlContract(), recorder);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      const contentType = req.headers['content-type'];
      const rawResponse = await checked(`${target}${req.url}`, {
        method: req.method ?? 'GET',
        headers: contentType ? { 'content-type': contentType } : {},
        ...(body.length > 0 && { body }),
      });
      res.writeHead(rawResponse.status, Object.fromEntries(rawResponse.headers));
      res.end(Buffer.from(await rawResponse.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    recorder,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
