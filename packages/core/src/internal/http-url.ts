/** Whether `value` is an absolute `http:`/`https:` URL (and, with `bare`, one without query or fragment). */
export function isHttpUrl(value: unknown, bare = false): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && (!bare || (!url.search && !url.hash));
  } catch {
    return false;
  }
}
