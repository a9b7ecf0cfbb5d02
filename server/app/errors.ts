// Domain errors carry the status the contract documents for them; the one
// error handler in app.ts turns them (and Fastify's own) into ErrorResponse.
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The CSV import reports its failure in `error` as well. */
    readonly error?: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, error?: string) => new HttpError(400, message, error);
export const notFound = () => new HttpError(404, 'Not found');
export const conflict = (message: string) => new HttpError(409, message);
export const unprocessable = (message: string) => new HttpError(422, message);
