import { CATALOGUE_VERSION, WEBHOOK_EVENT_CATALOGUE, WEBHOOK_EVENT_TYPES } from '@learnkit/webhooks';
import type { CommandContext } from './context';
import { table } from './output';

/** `learnkit events`: the webhook event catalogue this SDK was generated from. */
export function events({ out }: CommandContext): void {
  const types = WEBHOOK_EVENT_TYPES.map((type) => ({ type, ...WEBHOOK_EVENT_CATALOGUE[type] }));
  if (out.json) {
    out.data({ catalogueVersion: CATALOGUE_VERSION, eventTypes: types });
    return;
  }
  out.out(`Event catalogue ${CATALOGUE_VERSION}: ${types.length} types`);
  out.out();
  const rows = types.map(({ type, since, fields }) => [
    type,
    since,
    Object.entries(fields)
      .map(([name, field]) => `${name}${field.required ? '' : '?'}${field.nullable ? ' (nullable)' : ''}`)
      .join(', '),
  ]);
  for (const line of table([['TYPE', 'SINCE', 'DATA'], ...rows])) out.out(line);
}
