import { initials } from '../lib/initials';

export function Avatar({
  name,
  picture,
  size = 'md',
}: {
  name: string;
  picture?: string | undefined;
  size?: 'sm' | 'lg' | 'md';
}) {
  const box = size === 'sm' ? 'h-9 w-9 text-sm' : size === 'lg' ? 'h-20 w-20 text-2xl' : 'h-12 w-12';
  if (picture)
    return (
      <img src={picture} alt="" className={`${box} rounded-full object-cover`} referrerPolicy="no-referrer" />
    );
  return (
    <span
      aria-hidden="true"
      className={`${box} inline-flex items-center justify-center rounded-full bg-indigo-600 font-semibold text-white`}
    >
      {initials(name) || '?'}
    </span>
  );
}
