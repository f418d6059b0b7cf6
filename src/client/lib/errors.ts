import { TRPCClientError } from '@trpc/client';

/** The server's `{ message }` for a failed call, or undefined when the request never got an answer. */
export function serverMessage(error: unknown): string | undefined {
  if (error instanceof TRPCClientError && error.data) return error.message || undefined;
  return undefined;
}

/** The form field the server's refusal is about (its validation or a rule names it), if any. */
export function errorField(error: unknown): string | undefined {
  if (error instanceof TRPCClientError) {
    const field = (error.data as { field?: unknown } | undefined)?.field;
    return typeof field === 'string' ? field : undefined;
  }
  return undefined;
}

/** The HTTP status of a failed call, when the server answered. */
export function errorStatus(error: unknown): number | undefined {
  if (error instanceof TRPCClientError) {
    const status = (error.data as { httpStatus?: unknown } | undefined)?.httpStatus;
    return typeof status === 'number' ? status : undefined;
  }
  return undefined;
}

/** A message to show for any failure: the server's words when there are some. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  return serverMessage(error) ?? fallback;
}

/** True when the server refused the call because nobody is signed in. */
export function isUnauthenticated(error: unknown): boolean {
  return errorStatus(error) === 401;
}
