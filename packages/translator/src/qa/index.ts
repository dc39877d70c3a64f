export * from './block-findings';
export * from './build-qa-report';
export * from './early-qa-checks';
export * from './glossary-compliance';
export * from './guess-rendering';
export * from './qa-report';
export * from './qa-summary';
export * from './refine-flagged';
