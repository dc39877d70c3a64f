/** The contract's API_PREFIX, written here so the first bundle need not load the contract. */
export const API_BASE = '/api/v1';
