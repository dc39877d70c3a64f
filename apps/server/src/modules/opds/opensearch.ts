import { opdsMediaTypes } from '@booktranslate/contract';
import { escapeXml as x } from './xml-escape';

/**
 * The OpenSearch description of the OPDS 1.2 catalogue: search by title or author, answered as an
 * acquisition feed. `searchUrl` is the search feed's path (with the token, in the token form).
 */
export function openSearchDescription(searchUrl: string): string {
  const template = `${searchUrl}?q={searchTerms}`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/">',
    '  <ShortName>BookTranslate</ShortName>',
    '  <Description>Search your translations by title or author</Description>',
    '  <InputEncoding>UTF-8</InputEncoding>',
    '  <OutputEncoding>UTF-8</OutputEncoding>',
    `  <Url type="${x(opdsMediaTypes.acquisition)}" template="${x(template)}"/>`,
    '</OpenSearchDescription>',
    '',
  ].join('\n');
}
