import type { LearnKit } from '../learnkit';
import type { Invocation } from './args';
import type { Output } from './output';

/** What a command runs with. */
export interface CommandContext {
  /** The client, built on first use (so `events` and `--help` need no credentials). */
  lk(): LearnKit;
  /** Where it writes. */
  out: Output;
  /** The positional arguments by name. */
  args: Invocation['args'];
  /** The options. */
  options: Invocation['options'];
  /** Whether the progress display may draw (stderr is a terminal and `--json` is off). */
  progress: boolean;
}
