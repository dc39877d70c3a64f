// Moved to src/testing/books-test-kit.ts. This re-export stays only while translations'
// pipeline-test-kit.ts imports it from here; it goes when that kit moves to src/testing too.
export { multipartBody, uploadBook } from '../../testing/books-test-kit';
