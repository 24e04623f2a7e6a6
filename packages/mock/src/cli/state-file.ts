import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** How long after a change the state is written: changes in a burst are written once. */
const WRITE_DELAY_MS = 200;

/**
 * The `--state FILE` of `learnkit-mock serve`, whose content comes from `save` (docs/decisions.md#d-mock-state-file): read
 * once at start, written after changes and at exit. Each write goes to a temporary file that then replaces the old
 * one, so a crash mid-write never leaves half a state behind.
 */
export function openStateFile(file: string, save: () => string, onError: (error: Error) => void) {
  const path = resolve(file);
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Writes now, and drops a pending write (at start, so a path that cannot be written fails at once, and at exit). */
  const write = () => {
    clearTimeout(timer);
    timer = undefined;
    const temporary = `${path}.${process.pid}.tmp`;
    try {
      writeFileSync(temporary, save());
      renameSync(temporary, path);
    } catch (error) {
      throw new Error(
        `cannot write the state to ${path} (${(error as Error).message}); check that ${dirname(path)} exists and is writable`,
      );
    }
  };
  return {
    write,
    /** The saved state, or undefined when the file does not exist yet. */
    read: () => (existsSync(path) ? readFileSync(path, 'utf8') : undefined),
    /** Notes a change: the state is written a moment later (once for a burst of changes). */
    changed() {
      timer ??= setTimeout(() => {
        try {
          write();
        } catch (error) {
          onError(error as Error);
        }
      }, WRITE_DELAY_MS);
    },
  };
}
