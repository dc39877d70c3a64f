import { loadClient } from './loadClient';

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export async function requestPasswordReset(email: string): Promise<string> {
  const { client } = await loadClient();
  return (await client.api.auth.requestPasswordReset({ body: { email } })).message;
}

/** Sets a new password with the token from the e-mailed link; every session of the account ends. */
export async function confirmPasswordReset(token: string, password: string): Promise<string> {
  const { client } = await loadClient();
  return (await client.api.auth.confirmPasswordReset({ body: { token, password } })).message;
}
