import { describe, expect, it } from 'vitest';
import { PUBLIC_PAGES, renderPage } from './prerender';

// What the build writes into each public page's HTML: the page itself, readable before any script runs.
describe('pre-rendered public pages', () => {
  it.each([
    ['/', 'Read Any Book in Your Language', 'read any book in your language'],
    ['/login', 'Welcome back', 'Sign in'],
    ['/terms-of-service', 'Terms of Service', 'Terms of Service'],
    ['/privacy-policy', 'Privacy Policy', 'Privacy Policy'],
  ])('%s carries its content, a light theme toggle and no script', async (path, heading, title) => {
    const { html, title: pageTitle } = await renderPage(path);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
    expect(pageTitle).toContain(title);
    expect(html).toContain('aria-label="Switch to dark mode"');
    expect(html).not.toContain('Loading');
    expect(html).not.toMatch(/<script/i);
  });

  it('lists exactly the pages the server answers from their own file', () => {
    expect(PUBLIC_PAGES.map((p) => p.path)).toEqual(['/', '/login', '/terms-of-service', '/privacy-policy']);
  });
});
