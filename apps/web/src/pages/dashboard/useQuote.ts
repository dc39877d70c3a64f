import { useQuery } from '@tanstack/react-query';
import { errorCode } from '../../api/errors';
import { quoteTranslation } from '../../api/quote';

/** The quote of a file into a language: one call per file and language, shared by the step's parts. */
export function useQuote(file: File, language: string) {
  return useQuery({
    queryKey: ['quote', file.name, file.size, file.lastModified, language],
    queryFn: () => quoteTranslation(file, language),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * True when the quote refused the file itself (damaged, protected, not a book): uploading it would
 * be refused the same way. A book too large to quote inline, a busy server or a lost connection
 * says nothing about the file.
 */
export function quoteRefusedFile(err: unknown): boolean {
  const code = errorCode(err);
  return code === 'UNPROCESSABLE' || code === 'UNSUPPORTED_MEDIA_TYPE';
}
