import { GridIcon, ListIcon } from '../../components/Icons';
import type { BookFilter } from '../../lib/bookFilter';

interface Props {
  search: string;
  onSearch: (v: string) => void;
  filter: BookFilter;
  onFilter: (v: BookFilter) => void;
  view: 'grid' | 'list';
  onView: (v: 'grid' | 'list') => void;
}

const FILTERS: [BookFilter, string][] = [
  ['all', 'All'],
  ['completed', 'Completed'],
  ['processing', 'Processing'],
];

export function LibraryToolbar({ search, onSearch, filter, onFilter, view, onView }: Props) {
  const pill = (active: boolean) =>
    `rounded-md px-3 py-1.5 text-sm ${active ? 'bg-indigo-600 text-white' : 'hover:bg-slate-100 dark:hover:bg-slate-800'}`;
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3">
      <input
        type="search"
        aria-label="Search books by title or author"
        placeholder="Search by title or author"
        value={search}
        onChange={(e) => onSearch(e.target.value)}
        className="w-full min-w-0 rounded-lg sm:w-auto sm:flex-1 border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-800"
      />
      <fieldset className="flex gap-1">
        <legend className="sr-only">Filter books</legend>
        {FILTERS.map(([value, label]) => (
          <button
            key={value}
            type="button"
            aria-pressed={filter === value}
            className={pill(filter === value)}
            onClick={() => onFilter(value)}
          >
            {label}
          </button>
        ))}
      </fieldset>
      <fieldset className="flex gap-1">
        <legend className="sr-only">Layout</legend>
        <button
          type="button"
          aria-pressed={view === 'grid'}
          aria-label="Grid view"
          className={pill(view === 'grid')}
          onClick={() => onView('grid')}
        >
          <GridIcon className="h-4 w-4" />
        </button>
        <button
          type="button"
          aria-pressed={view === 'list'}
          aria-label="List view"
          className={pill(view === 'list')}
          onClick={() => onView('list')}
        >
          <ListIcon className="h-4 w-4" />
        </button>
      </fieldset>
    </div>
  );
}
