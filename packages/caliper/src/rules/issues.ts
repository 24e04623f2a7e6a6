/** One problem of a Caliper event or envelope: where (`path`, from the checked value's root) and what to do. */
export interface CaliperIssue {
  /** Property names and array indexes, e.g. `['data', 2, 'actor', 'id']`. */
  path: (string | number)[];
  /** What is wrong and how to fix it, without the path. */
  message: string;
}

/** Writes `path: message` as the SDK's and the mock's errors print it, e.g. `data[2].actor.id: must be ...`. */
export function formatCaliperIssue({ path, message }: CaliperIssue): string {
  const where = path.map((part, i) => (typeof part === 'number' ? `[${part}]` : i === 0 ? part : `.${part}`));
  return where.length ? `${where.join('')}: ${message}` : message;
}
