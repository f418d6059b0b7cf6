/** Business constants that the client needs without loading the validation code. */
export const SIGNUP_AGE = { min: 13, max: 100 } as const;

/**
 * The most procedures one tRPC request may call (a batch): each costs the server at least a query,
 * so an unbounded batch lets one request hold it for seconds. The site's client batches no more.
 */
export const MAX_CALLS_PER_REQUEST = 10;
