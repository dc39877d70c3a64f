import { fileURLToPath } from 'node:url';

// The contract's zod-free files the browser imports on their own (the rest of the contract pulls in
// zod); the build and the component tests resolve them alike.
const FILES = [
  'languages',
  'inline-kinds',
  'placeholder-spans',
  'book-refusals',
  'no-credits',
  'placeholder-edit',
  'placeholder-grammar',
  'qa-finding-words',
  'preview-words',
  'passage-filters',
  'formats',
  'translation-statuses',
  'catalogue-urls',
];

export const contractAliases = Object.fromEntries(
  FILES.map((name) => [
    `@booktranslate/contract/${name}`,
    fileURLToPath(new URL(`../../packages/contract/src/${name}.ts`, import.meta.url)),
  ]),
);
