import {
  ECONOMY_LANE_WORDS,
  STANDARD_LANE_WORDS,
  type TranslationLaneName,
} from '@booktranslate/contract/translation-statuses';
import { useId } from 'react';

const LANE_WORDS: Record<TranslationLaneName, string> = {
  standard: STANDARD_LANE_WORDS,
  economy: ECONOMY_LANE_WORDS,
};

/**
 * Standard or Economy, where the server offers economy: native radios in a fieldset, so the arrow
 * keys move between them and a screen reader names the group. Nothing when only standard is offered.
 */
export function LaneChoice({
  lanes,
  value,
  onChange,
  disabled = false,
}: {
  lanes: readonly TranslationLaneName[];
  value: TranslationLaneName;
  onChange: (lane: TranslationLaneName) => void;
  disabled?: boolean;
}) {
  const name = useId();
  if (!lanes.includes('economy')) return null;
  return (
    <fieldset className="mt-3 text-sm" disabled={disabled}>
      <legend className="font-medium">Speed and cost</legend>
      <div className="mt-1 space-y-1">
        {(['standard', 'economy'] as const).map((lane) => (
          <label
            key={lane}
            className="flex cursor-pointer items-start gap-2 rounded-md border border-slate-200 p-2 has-[:checked]:border-indigo-500 has-[:checked]:bg-indigo-50 dark:border-slate-700 dark:has-[:checked]:border-indigo-400 dark:has-[:checked]:bg-indigo-950"
          >
            <input
              type="radio"
              name={name}
              value={lane}
              className="mt-0.5"
              checked={value === lane}
              onChange={() => onChange(lane)}
            />
            <span>{LANE_WORDS[lane]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The lanes offered: the quote's when it has one, else economy where the public config enables it. */
export function offeredLanes(
  quoteLanes: readonly TranslationLaneName[] | undefined,
  economyLane: boolean | undefined,
): readonly TranslationLaneName[] {
  if (quoteLanes) return quoteLanes;
  return economyLane ? ['standard', 'economy'] : ['standard'];
}
