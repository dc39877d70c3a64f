import type { EmailConfirmResponse } from '@booktranslate/contract';
import { loadClient } from './loadClient';

/** Uses the token from the e-mailed link: the address is confirmed and the Free credits added once. */
export async function confirmEmail(token: string): Promise<EmailConfirmResponse> {
  const { client } = await loadClient();
  return client.api.auth.confirmEmail({ body: { token } });
}

/** Mails the signed-in user a fresh confirmation link; the answer says where it went. */
export async function resendEmailConfirmation(): Promise<string> {
  const { client } = await loadClient();
  return (await client.api.auth.resendEmailConfirmation()).message;
}
