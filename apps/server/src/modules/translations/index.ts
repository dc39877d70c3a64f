/**
 * The translations module's public face: everything other modules, the app, the job registry and
 * the runtime use of it. Nothing outside this folder imports a file inside it but this one.
 */

export { joinSavedUnits, sourceHash } from './book-blocks';
export { toEngineBrief } from './engine-brief';
export { createEngineSelector } from './engine-selection';
export { failedOriginalsJobDefinitions, failedOriginalsWorkerHandlers } from './failed-originals.jobs';
export { libraryModule } from './library.routes';
export { lockOwnTranslation } from './lock-own-translation';
export { passageEditsRepository } from './passage-edits.repository';
export type { EngineChoice, PipelineDeps } from './pipeline-deps';
export { pipelineLogBindings } from './pipeline-log-bindings';
export { queueJobSender } from './pipeline-queue';
export { qaReportRepository } from './qa-report.repository';
export { isSpendCeilingError, withSpendCeiling } from './spend-ceiling';
export type { SpendCeilingSettings } from './spend-ceiling-settings';
export { translationMemoryRepository } from './translation-memory.repository';
export { translationWorkerHandlers } from './translation-worker';
export { translationJobDefinitions, translationJobHandlers } from './translations.jobs';
export { translationsRepository } from './translations.repository';
export { translationsModule } from './translations.routes';
