/** Injection tokens for values made at start-up. */
export const ADMIN_KEY = Symbol('ADMIN_KEY');
