import { API_BASE, getApiOrigin } from './http';
import { loadClient } from './loadClient';
import { fromBrief, toBrief, toTranslation } from './normalize';
import { toQualityReport } from './qualityReport';
import type { QualityReport, Translation, TranslationBrief } from './types';

type Raw = Record<string, unknown>;

export async function getTranslation(id: string): Promise<Translation> {
  const { client } = await loadClient();
  return toTranslation((await client.api.translations.getTranslation({ params: { id } })) as unknown as Raw);
}

export async function retryTranslation(id: string): Promise<void> {
  const { client } = await loadClient();
  await client.api.translations.retryTranslation({ params: { id } });
}

/** Starts a translation that waited for its glossary review. */
export async function continueTranslation(id: string): Promise<void> {
  const { client } = await loadClient();
  await client.api.translations.continueTranslation({ params: { id } });
}

export async function cancelTranslation(id: string): Promise<void> {
  const { client } = await loadClient();
  await client.api.translations.cancelTranslation({ params: { id } });
}

export async function rateTranslation(id: string, rating: number, comment?: string): Promise<void> {
  const { client } = await loadClient();
  await client.api.translations.rateTranslation({
    params: { id },
    body: { rating, ...(comment ? { comment } : {}) },
  });
}

export async function getBrief(id: string): Promise<TranslationBrief | null> {
  const { client } = await loadClient();
  return toBrief((await client.api.translations.getBrief({ params: { id } })) as unknown as Raw);
}

export async function saveBrief(id: string, brief: TranslationBrief): Promise<TranslationBrief | null> {
  const { client } = await loadClient();
  const body = fromBrief(brief) as never;
  return toBrief((await client.api.translations.updateBrief({ params: { id }, body })) as unknown as Raw);
}

/** The QA report, written when the translation completes. */
export async function getQualityReport(id: string): Promise<QualityReport> {
  const { client } = await loadClient();
  return toQualityReport(
    (await client.api.translations.getTranslationReport({ params: { id } })) as unknown as Raw,
  );
}

/** The live progress stream (server-sent events); the caller closes it. */
export function openTranslationEvents(id: string): EventSource {
  return new EventSource(`${getApiOrigin()}${API_BASE}/translations/${id}/events/`, {
    withCredentials: true,
  });
}
