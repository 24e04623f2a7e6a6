import type { TriggerOptions } from './args.js';
import { CONTROL_PATH, type TriggerResponse } from './control.js';

/** How long `routedInMs` reads in a sentence. */
const inWords = (ms: number) =>
  ms < 1_000 ? `${ms} ms` : ms < 120_000 ? `${Math.round(ms / 1000)} s` : `${Math.round(ms / 60_000)} min`;

/**
 * `learnkit-mock trigger <event-type>`: asks the running mock to raise the event (like `stripe trigger`), and
 * prints what it raised; rejects with the message to print when the mock refused it or is not running.
 */
export async function trigger(options: TriggerOptions, print: (line: string) => void = console.log) {
  const response = await fetch(`${options.url}${CONTROL_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...options, url: undefined }),
  }).catch((error: Error) => {
    const { cause } = error as { cause?: { code?: string; message?: string } };
    throw new Error(
      `No learnkit-mock responded at ${options.url} (${cause?.code ?? cause?.message ?? error.message}). Start one with \`learnkit-mock serve\`, or pass --url with the address it printed.`,
    );
  });
  if (response.status === 404)
    throw new Error(
      `${options.url} responded with 404: it is not a learnkit-mock server (or one older than trigger). Pass --url with the address \`learnkit-mock serve\` printed.`,
    );
  const text = await response.text();
  let rawResponse: (TriggerResponse & { message?: string }) | undefined;
  try {
    rawResponse = JSON.parse(text);
  } catch {}
  if (response.status !== 201 || !rawResponse?.event)
    throw new Error(`learnkit-mock refused the event (${response.status}): ${rawResponse?.message ?? text}`);
  const { event, subscribers, routedInMs, originClientId } = rawResponse;
  print(
    `Triggered ${event.type}: event ${event.id}${originClientId ? ` (caused by ${originClientId})` : ''}`,
  );
  print(`  data ${JSON.stringify(event.data)}`);
  if (subscribers === 0) {
    print(`No subscription lists ${event.type} yet: create one that does, then trigger again.`);
  } else {
    print(
      `The mock routes it in about ${inWords(routedInMs)} (its outbox drain) to the ${subscribers} subscription(s) listing ${event.type}; its log shows each delivery, and why any is not sent.`,
    );
  }
}
