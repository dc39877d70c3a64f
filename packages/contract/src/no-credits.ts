// The 402 (INSUFFICIENT_CREDITS) in words, one sentence for the server's message and the web's texts.
// No zod here (`@booktranslate/contract/no-credits`).

/** What a user without a credit is told, wherever a credit was needed. */
export const noCreditsMessage = 'No translation credits left. Upgrade your plan to get credits.';
