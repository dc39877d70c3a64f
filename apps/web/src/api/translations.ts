import { API_BASE, request } from './http';
import { fromBrief, toBrief, toTranslation } from './normalize';
import type { Translation, TranslationBrief } from './types';

type Raw = Record<string, unknown>;

export async function getTranslation(id: string): Promise<Translation> {
  return toTranslation(await request<Raw>(`/translations/${id}/`));
}

export async function retryTranslation(id: string): Promise<void> {
  await request(`/translations/${id}/retry/`, { method: 'POST' });
}

export async function cancelTranslation(id: string): Promise<void> {
  await request(`/translations/${id}/cancel/`, { method: 'POST' });
}

export async function rateTranslation(id: string, rating: number, comment = ''): Promise<void> {
  await request(`/translations/${id}/rating/`, { method: 'PUT', body: { rating, comment } });
}

export async function getBrief(id: string): Promise<TranslationBrief | null> {
  return toBrief(await request<Raw>(`/translations/${id}/brief/`));
}

export async function saveBrief(id: string, brief: TranslationBrief): Promise<TranslationBrief | null> {
  return toBrief(await request<Raw>(`/translations/${id}/brief/`, { method: 'PUT', body: fromBrief(brief) }));
}

/** The live progress stream (server-sent events); the caller closes it. */
export function openTranslationEvents(id: string): EventSource {
  return new EventSource(`${API_BASE}/translations/${id}/events/`, { withCredentials: true });
}
