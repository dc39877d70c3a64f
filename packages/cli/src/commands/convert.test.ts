import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runCli } from '../run-cli';

// The sandbox stands in for a child process: each call is counted and writes a marker, so a test
// sees which path a conversion took.
const sandboxed = vi.hoisted(() => ({ calls: 0 }));
vi.mock('@booktranslate/ebook/sandbox', async (actual) => ({
  ...(await actual<typeof import('@booktranslate/ebook/sandbox')>()),
  convertBookSandboxed: async () => {
    sandboxed.calls++;
    return new TextEncoder().encode('from the sandbox');
  },
}));

const dir = mkdtempSync(path.join(tmpdir(), 'convert-'));
const txt = path.join(dir, 'book.txt');
writeFileSync(txt, 'CHAPTER I.\n\nIt was a dark night.\n');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function convert(...args: string[]) {
  const err: string[] = [];
  const code = await runCli(['convert', ...args], { stdout: () => {}, stderr: (t) => err.push(t) });
  return { code, stderr: err.join('') };
}

describe('convert', () => {
  it('reads and writes in the sandbox by default', async () => {
    const out = path.join(dir, 'default.fb2');
    expect((await convert(txt, '-o', out)).code).toBe(0);
    expect(sandboxed.calls).toBe(1);
    expect(readFileSync(out, 'utf8')).toBe('from the sandbox');
  });

  it('--no-sandbox reads and writes in this process, never asking the sandbox', async () => {
    sandboxed.calls = 0;
    const out = path.join(dir, 'trusted.fb2');
    expect((await convert('--no-sandbox', txt, '-o', out)).code).toBe(0);
    expect(sandboxed.calls).toBe(0);
    expect(readFileSync(out, 'utf8')).toContain('It was a dark night.');
  });
});
