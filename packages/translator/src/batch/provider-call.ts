import { classifyProviderError } from '../classify-error';

/**
 * A batch client's call to its provider: whatever the SDK or the network throws becomes the
 * TranslatorError an engine would throw, so a bad key or an empty account reads the same.
 * @example const call = providerCall('gemini'); await call(signal, () => client.batches.get({ name }));
 */
export function providerCall(provider: string) {
  return async <T>(signal: AbortSignal | undefined, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw classifyProviderError(error, provider, signal);
    }
  };
}
