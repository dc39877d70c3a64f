import { describe, expect, it } from 'vitest';
import { sandboxHint } from './sandbox-hint';

describe('sandboxHint', () => {
  it('names the book convert and inspect will read, and what convert will write', () => {
    expect(sandboxHint(['convert', 'a.txt', '-o', 'a.epub'])).toEqual({ read: 'a.txt', write: 'a.epub' });
    expect(sandboxHint(['convert', '-o', 'out.x', '--to', 'fb2', '--bilingual', 'b.epub'])).toEqual({
      read: 'b.epub',
      write: 'fb2',
    });
    expect(sandboxHint(['inspect', 'c.fb2', '--json'])).toEqual({ read: 'c.fb2' });
  });

  it('starts no child for other commands, --help, --no-sandbox or arguments the command refuses', () => {
    expect(sandboxHint(['translate', 'a.txt', '--to', 'fr'])).toBeNull();
    expect(sandboxHint(['convert', '--help'])).toBeNull();
    expect(sandboxHint(['convert', '--no-sandbox', 'a.txt', '-o', 'a.epub'])).toBeNull();
    expect(sandboxHint(['convert', 'a.txt', 'b.txt', '-o', 'a.epub'])).toBeNull();
    expect(sandboxHint(['convert', 'a.txt', '--unknown'])).toBeNull();
    expect(sandboxHint([])).toBeNull();
  });
});
