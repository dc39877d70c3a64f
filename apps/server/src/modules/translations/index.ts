/**
 * The translations module's public face: everything other modules, the app, the job registry and
 * the runtime use of it. Nothing outside this folder imports a file inside it but this one.
 */

export { toEngineBrief } from './brief/engine-brief';
export { economyWay } from './economy/economy-settings';
export { type EngineCoverage, engineCoverage } from './engines/engine-pairs';
export { createEngineSelector } from './engines/engine-selection';
export { isSpendCeilingError, withSpendCeiling } from './engines/spend-ceiling';
export type { SpendCeilingSettings } from './engines/spend-ceiling-settings';
export {
  type CatalogueFilter,
  type CatalogueGroup,
  type CatalogueRow,
  catalogueRepository,
} from './library/catalogue.repository';
export { libraryModule } from './library/library.routes';
export { translationPreview } from './library/translation-preview';
export { lockOwnTranslation } from './lock-own-translation';
export { type Download, downloadTranslation } from './outputs/download-translation';
export {
  failedOriginalsJobDefinitions,
  failedOriginalsWorkerHandlers,
} from './outputs/failed-originals.jobs';
export { type TranslatedEpub, translatedEpub } from './outputs/translated-epub';
export { ownTranslation } from './own-translation';
export { type EditLayer, passageEditsRepository } from './passage-edits.repository';
export { joinSavedUnits, sourceHash } from './pipeline/book-blocks';
export type { EngineChoice, PipelineDeps } from './pipeline/pipeline-deps';
export { pipelineLogBindings } from './pipeline/pipeline-log-bindings';
export { queueJobSender } from './pipeline/pipeline-queue';
export { translationWorkerHandlers } from './pipeline/translation-worker';
export { translationJobDefinitions, translationJobHandlers } from './pipeline/translations.jobs';
export { qaReportRepository } from './quality/qa-report.repository';
export { translationMemoryRepository } from './translation-memory.repository';
export { translationsRepository } from './translations.repository';
export { translationsModule } from './translations.routes';
