export * from './build-terms-prompt';
export * from './collect-term-candidates';
export * from './merge-glossaries';
export * from './parse-terms-reply';
export * from './render-terms';
