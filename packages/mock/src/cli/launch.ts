import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LaunchOptions } from './args.js';
import { LAUNCH_PATH, type LaunchResponse } from './control.js';

/** Opens `file` in the desktop's browser (the opener of the operating system). */
function openFile(file: string): void {
  const opener =
    process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  spawn(opener, [file], { stdio: 'ignore', detached: true })
    .on('error', () => console.error(`Could not start ${opener}; open ${file} in a browser.`))
    .unref();
}

/**
 * `learnkit-mock launch --as <user> --to <url>`: asks the running mock to sign an LTI launch, and prints the page
 * whose form posts it to the app (or, with `--open`, writes it to a file and opens it); rejects with the message to
 * print when the mock refused it or is not running.
 */
export async function launch(options: LaunchOptions, print: (line: string) => void = console.log) {
  const response = await fetch(`${options.url}${LAUNCH_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ as: options.as, to: options.to, ...(options.fault && { fault: options.fault }) }),
  }).catch((error: Error) => {
    const { cause } = error as { cause?: { code?: string; message?: string } };
    throw new Error(
      `No learnkit-mock responded at ${options.url} (${cause?.code ?? cause?.message ?? error.message}). Start one with \`learnkit-mock serve\`, or pass --url with the address it printed.`,
    );
  });
  const text = await response.text();
  let rawResponse: (LaunchResponse & { message?: string }) | undefined;
  try {
    rawResponse = JSON.parse(text);
  } catch {}
  if (response.status !== 201 || typeof rawResponse?.html !== 'string')
    throw new Error(`learnkit-mock refused the launch (${response.status}): ${rawResponse?.message ?? text}`);
  if (!options.open) return print(rawResponse.html);
  const file = join(tmpdir(), `learnkit-launch-${Date.now()}.html`);
  writeFileSync(file, rawResponse.html);
  print(`The launch page of ${options.as} to ${options.to} is ${file}; opening it.`);
  openFile(file);
}
