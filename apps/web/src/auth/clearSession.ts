/** Logout clears every readable cookie and local storage; httpOnly cookies are cleared by the server. */
export function clearSession(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: expiring cookies needs the raw setter; Cookie Store API is not everywhere yet
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  // Keep the theme: it is a device preference, not account data.
  const dark = localStorage.getItem('darkMode');
  localStorage.clear();
  if (dark !== null) localStorage.setItem('darkMode', dark);
}
