import type { Brief, Translation, TranslationReport } from '@booktranslate/contract';
import { API_BASE } from './apiBase';
import { getApiOrigin, loadClient } from './loadClient';
import type { BriefAnswer } from './types';

export async function getTranslation(id: string): Promise<Translation> {
  const { client } = await loadClient();
  return client.api.translations.getTranslation({ params: { id } });
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

/** The rest of a completed Free preview, on one paid credit; the passages already translated are kept. */
export async function translateRest(id: string): Promise<void> {
  const { client } = await loadClient();
  await client.api.translations.completeTranslation({ params: { id } });
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

export async function getBrief(id: string): Promise<BriefAnswer> {
  const { client } = await loadClient();
  return client.api.translations.getBrief({ params: { id } });
}

export async function saveBrief(id: string, brief: Brief): Promise<BriefAnswer> {
  const { client } = await loadClient();
  return client.api.translations.updateBrief({ params: { id }, body: brief });
}

/** The QA report, written when the translation completes. */
export async function getQualityReport(id: string): Promise<TranslationReport> {
  const { client } = await loadClient();
  return client.api.translations.getTranslationReport({ params: { id } });
}

/** The live progress stream (server-sent events); the caller closes it. */
export function openTranslationEvents(id: string): EventSource {
  return new EventSource(`${getApiOrigin()}${API_BASE}/translations/${id}/events/`, {
    withCredentials: true,
  });
}
