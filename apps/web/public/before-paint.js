// Applied before first paint so dark mode never flashes. An external file because the CSP forbids inline scripts.
try {
  if (JSON.parse(localStorage.getItem('darkMode') || 'false')) document.documentElement.classList.add('dark');
} catch {}
