export * from './corpus';
export * from './google/start-fake-google';
export { analyzeSample, type FakeBrief, type FakeGlossaryEntry } from './llm/analyze-sample';
export type { FakeLlmOptions, Fault } from './llm/fake-llm-options';
export type { FakeLlmStats } from './llm/llm-stats';
export { reverseWords } from './llm/reverse-words';
export { type FakeLlm, startFakeLlm } from './llm/start-fake-llm';
