import { useState } from 'react';
import { titleTile } from '../../lib/initials';

interface Props {
  title: string;
  coverUrl?: string | null | undefined;
}

/** The book's cover, or its letter tile when it has none or the image fails to load (an expired link). */
export function BookCover({ title, coverUrl }: Props) {
  const [failed, setFailed] = useState<string | null>(null);
  if (coverUrl && failed !== coverUrl) {
    return (
      <img
        src={coverUrl}
        alt=""
        width={64}
        height={96}
        className="h-24 w-16 shrink-0 rounded bg-slate-200 object-cover dark:bg-slate-700"
        loading="lazy"
        onError={() => setFailed(coverUrl)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-testid="cover-tile"
      className="flex h-24 w-16 shrink-0 items-center justify-center rounded bg-gradient-to-br from-indigo-500 to-purple-600 font-bold text-white"
    >
      {titleTile(title)}
    </span>
  );
}
