/** An error a route throws to respond with `status`; the router renders it in the area's error format. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The area-specific code: an OAuth `error`, a platform `error`, or an imsx minor code. */
    readonly code?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** 400 with a message naming what is wrong. */
export const badRequest = (message: string, code?: string) => new HttpError(400, message, code);

/** 404, the same for a missing object and for one the caller may not see. */
export const notFound = (message = 'Not found') => new HttpError(404, message);

/** 422 for a well-formed body that breaks the rules. */
export const unprocessable = (message: string) => new HttpError(422, message);
