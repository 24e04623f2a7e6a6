/** Where the example writes its lines: the console by default, a collector in tests, indented in the demo. */
export type Print = (line: string) => void;

/** `text` shortened to `max` characters with an ellipsis. */
export function clip(text: string, max = 72): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
