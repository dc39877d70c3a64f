import type { BookMetadata } from './model';

/**
 * A series name (white space collapsed, at most 200 characters) with its index when that reads as a number.
 * @example seriesOf('The  Expanse', '2.0') // { name: 'The Expanse', index: 2 }
 */
export function seriesOf(name: string, index: string | undefined): NonNullable<BookMetadata['series']> {
  const number = Number.parseFloat(index ?? '');
  const series: NonNullable<BookMetadata['series']> = {
    name: name.replace(/\s+/g, ' ').trim().slice(0, 200),
  };
  if (Number.isFinite(number) && number >= 0 && number < 100_000) series.index = number;
  return series;
}
