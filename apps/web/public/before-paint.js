// Runs before the first paint (a blocking script in <head>; an external file because the CSP forbids
// inline scripts). Dark mode is applied here so the page never flashes light before dark. A pre-rendered
// page (landing, login, legal) shows what a visitor sees; for a cached signed-in user, or an address with
// a query, the app renders something else, so the pre-rendered content stays hidden until it does.
try {
  if (JSON.parse(localStorage.getItem('darkMode') || 'false')) document.documentElement.classList.add('dark');
  const user = JSON.parse(localStorage.getItem('booktranslate.user') || 'null');
  if ((user?.subscription_plan && user.credits_available) || location.search)
    document.documentElement.setAttribute('data-app-renders', '');
} catch {}
