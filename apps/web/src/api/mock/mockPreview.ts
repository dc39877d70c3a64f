import { fail } from './mockFail';
import { type MockState, translationView } from './mockState';
import { findTranslation, signedIn, spendCredit } from './mockSteps';

type Json = Record<string, unknown>;
type Route = (s: MockState, m: RegExpMatchArray, body: Json) => unknown;

/** POST /translations/{id}/complete/ as the server answers it: the rest of a Free preview on a paid credit. */
export const previewRoutes: [string, RegExp, Route][] = [
  [
    'POST',
    /^\/translations\/([^/]+)\/complete\/$/,
    (s, m) => {
      signedIn(s);
      const t = findTranslation(s, m[1]);
      const view = translationView(t);
      if (view.status !== 'completed' || !view.preview)
        throw fail(
          409,
          'CONFLICT',
          'Only a completed Free preview can have the rest of its book translated',
          {
            reason: 'not-a-preview',
            status: view.status,
          },
        );
      t.tier = spendCredit(s, ['BOOKWORM', 'READER']);
      t.whole = true;
      t.started_at = Date.now();
      return translationView(t);
    },
  ],
];
