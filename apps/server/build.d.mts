/** Types of build.mjs for the tests that build the server. */
export const outfile: string;
export function buildServer(): Promise<string>;
