import { useQuery } from '@tanstack/react-query';
import { getPublicConfig } from '../api/misc';

/** The server's public config, read once per page load (it changes only with a restart). */
export function usePublicConfig() {
  return useQuery({ queryKey: ['config'], queryFn: getPublicConfig, staleTime: Number.POSITIVE_INFINITY });
}
