import type { DeviceAddress } from '@booktranslate/contract';

/** The most device addresses one user keeps: the contract's MAX_DEVICE_ADDRESSES (its file loads zod). */
export const MAX_DEVICES = 5;

/**
 * Why `typed` cannot be added to `saved`, in words, or null when it can; the address is compared
 * in lower case, as the server keeps it.
 */
export function deviceAddressProblem(typed: string, saved: readonly DeviceAddress[]): string | null {
  const address = typed.trim().toLowerCase();
  if (!address) return 'Type the e-mail address of your device.';
  if (address.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address))
    return 'This is not an e-mail address (it looks like name@kindle.com).';
  if (saved.some((d) => d.address === address)) return 'This address is already saved.';
  if (saved.length >= MAX_DEVICES) return `You can save at most ${MAX_DEVICES} device addresses.`;
  return null;
}
