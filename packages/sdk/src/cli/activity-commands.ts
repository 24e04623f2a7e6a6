// The command specs of `learnkit activity` (handled in activity.ts), apart so args.ts imports no command handler
// (docs/decisions.md#d-cli-dead-letters).

const QUEUE = {
  type: 'string',
} as const;

/** The commands of `learnkit activity`, spread into COMMANDS of args.ts. */
export const ACTIVITY_COMMANDS = [
  {
    words: ['activity', 'dead-letters', 'list'],
    positionals: [],
    options: { queue: QUEUE, limit: { type: 'string' }, after: { type: 'string' } },
    summary: 'the dead letters of the activity queue --queue MODULE exports (oldest first)',
  },
  {
    words: ['activity', 'dead-letters', 'retry'],
    positionals: [],
    options: { queue: QUEUE, id: { type: 'string', multiple: true }, all: { type: 'boolean' } },
    summary: 'put dead letters (--id ID, repeat; or --all) back in the queue, with their event ids',
  },
] as const;
