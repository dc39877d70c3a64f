const UNITS: [number, string][] = [
  [365 * 86400, 'year'],
  [30 * 86400, 'month'],
  [86400, 'day'],
  [3600, 'hour'],
  [60, 'minute'],
];

/** 'Just now' under a minute, then '3 minutes ago', '1 day ago', ... (months are 30 days, years 365). */
export function timeAgo(date: string | number | Date, now: number = Date.now()): string {
  const then = new Date(date).getTime();
  if (Number.isNaN(then)) return '';
  const seconds = Math.max(0, Math.floor((now - then) / 1000));
  if (seconds < 60) return 'Just now';
  for (const [size, unit] of UNITS) {
    if (seconds >= size) {
      const n = Math.floor(seconds / size);
      return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
    }
  }
  return 'Just now';
}

/** The same words inside a sentence: 'Added just now', 'Added 3 minutes ago'. */
export function timeAgoInSentence(date: string | number | Date, now: number = Date.now()): string {
  const words = timeAgo(date, now);
  return words === 'Just now' ? 'just now' : words;
}
