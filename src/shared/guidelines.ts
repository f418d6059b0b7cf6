/**
 * The community guidelines' version: the day their words last changed. An application stores
 * the version she accepted (with the time), and the guidelines page shows it as "Last updated".
 * Change it whenever the guidelines change, so each account says which words were agreed to.
 */
export const GUIDELINES_VERSION = '2026-11-23';
