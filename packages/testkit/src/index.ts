export * from './books/make-hostile-books';
export { makePartsFb2, type PartsFb2Options } from './books/make-parts-fb2';
export { makeTinyDocx } from './books/make-tiny-docx';
export { makeTinyEpub, type TinySeries } from './books/make-tiny-epub';
export { makeTinyFb2 } from './books/make-tiny-fb2';
export { makeTinyMarkdown } from './books/make-tiny-markdown';
export { makeTinyMobi } from './books/make-tiny-mobi';
export { makeTinyPdf } from './books/make-tiny-pdf';
export { makeTinyTxt, type TinyTxtOptions } from './books/make-tiny-txt';
export { type RefusedBook, refusedBooks } from './books/refused-books';
export {
  DEFAULT_CHAPTERS,
  type TinyBookOptions,
  type TinyChapter,
  type TinyRun,
} from './books/tiny-book-content';
export * from './corpus';
export * from './google/start-fake-google';
export { analyzeSample, type FakeBrief, type FakeGlossaryEntry } from './llm/analyze-sample';
export { type ChatMessage, messageText } from './llm/build-reply';
export type { FakeLlmOptions, Fault } from './llm/fake-llm-options';
export type { FakeLlmStats } from './llm/llm-stats';
export type { FakeProviderOptions } from './llm/provider-options';
export { reverseWords } from './llm/reverse-words';
export { startFakeAnthropic } from './llm/start-fake-anthropic';
export { startFakeGemini } from './llm/start-fake-gemini';
export { type FakeLlm, startFakeLlm } from './llm/start-fake-llm';
export type { FakeProvider } from './llm/start-provider-fake';
export { buildWebhookEvent, type PayPalEventType, saleFor } from './paypal/build-webhook-event';
export type { WebhookForgery, WebhookResult } from './paypal/deliver-webhook';
export type {
  FakePayPal,
  FakePayPalOptions,
  PayPalCall,
  SendWebhookOptions,
} from './paypal/fake-paypal-types';
export type {
  FakePlan,
  Money,
  PayPalSubscription,
  PayPalWebhookEvent,
  SubscriptionStatus,
} from './paypal/paypal-types';
export { startFakePayPal } from './paypal/start-fake-paypal';
export type { CreateSubscriptionInput } from './paypal/subscription-store';
export { fakePayPalCertPem, type WebhookDelivery } from './paypal/webhook-signer';
export { type ReceivedMail, type SmtpSink, startSmtpSink } from './smtp/start-smtp-sink';
export { epubSourceText, fb2SourceText, visibleText } from './words/source-text';
export { compareBags, wordBag } from './words/word-bag';
