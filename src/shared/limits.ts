/** Business constants that the client needs without loading the validation code. */
export const SIGNUP_AGE = { min: 13, max: 100 } as const;
