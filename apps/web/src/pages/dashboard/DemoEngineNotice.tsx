import { useQuery } from '@tanstack/react-query';
import { getPublicConfig } from '../../api/misc';

/** When no real engine is configured the server translates with a demo engine; say so plainly. */
export function DemoEngineNotice() {
  const config = useQuery({
    queryKey: ['config'],
    queryFn: getPublicConfig,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!config.data?.demo_engine) return null;
  return (
    <p
      role="note"
      className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200"
    >
      Demo engine: no translation provider is configured on this server, so translations are placeholder text
      for trying the product.
    </p>
  );
}
