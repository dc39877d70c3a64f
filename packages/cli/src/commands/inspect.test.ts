import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../run-cli';

// One PNG and no words: a picture book FB2.
const IMAGE_ONLY_FB2 = `<?xml version="1.0" encoding="UTF-8"?>
<FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0" xmlns:l="http://www.w3.org/1999/xlink">
<description><title-info><book-title>Pictures</book-title><lang>en</lang></title-info></description>
<body><section><image l:href="#p1"/></section><section><p><image l:href="#p1"/></p></section></body>
<binary id="p1" content-type="image/png">iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==</binary>
</FictionBook>`;

describe('inspect', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'inspect-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function run(...args: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(['inspect', ...args], {
      stdout: (t) => out.push(t),
      stderr: (t) => err.push(t),
    });
    return { code, stdout: out.join(''), stderr: err.join('') };
  }

  it('reports a book of images alone as 0 words, with a note that it has only images', async () => {
    const file = path.join(dir, 'pictures.fb2');
    await writeFile(file, IMAGE_ONLY_FB2);
    const result = await run(file, '--json');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ format: 'fb2', title: 'Pictures', words: 0 });
    expect(result.stderr).toMatch(/only images/);
  });
});
