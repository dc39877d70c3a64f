import './styles.css';

// The page's entry, kept small: the app itself (src/main.tsx) is a chunk of its own. A pre-rendered
// page a visitor only reads (landing, legal; `data-hydrate="idle"`) is already painted and its links
// work, so the app comes when the browser is idle after loading, or at the visitor's first touch,
// key or scroll. Every other page starts the app at once (decision 305).
const root = document.getElementById('root') as HTMLElement;
const appRenders = document.documentElement.hasAttribute('data-app-renders');
const FIRST_TOUCH = ['pointerdown', 'keydown', 'touchstart', 'scroll'] as const;
let started = false;

// A button of the painted page clicked before the app took it over is clicked again once it has
// (React hydrates the way to it at once); links work by themselves. Its forms never submit natively
// (that would put a password in the address).
let clickedEarly: HTMLElement | null = null;
function keepEarlyClick(event: MouseEvent) {
  const button = (event.target as Element | null)?.closest?.('button');
  if (!button || !root.contains(button)) return;
  event.preventDefault();
  clickedEarly = button;
}
const refuseNativeSubmit = (event: Event) => root.contains(event.target as Node) && event.preventDefault();
document.addEventListener('click', keepEarlyClick, true);
document.addEventListener('submit', refuseNativeSubmit, true);

function start() {
  if (started) return;
  started = true;
  for (const name of FIRST_TOUCH) removeEventListener(name, start, true);
  void import('./main').then(({ startApp }) => {
    startApp(root, root.hasAttribute('data-prerendered') && !appRenders);
    document.removeEventListener('click', keepEarlyClick, true);
    document.removeEventListener('submit', refuseNativeSubmit, true);
    clickedEarly?.click();
  });
}

if (root.dataset.hydrate !== 'idle' || appRenders) start();
else {
  for (const name of FIRST_TOUCH) addEventListener(name, start, { capture: true, passive: true });
  const whenIdle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(start, { timeout: 1000 }) : setTimeout(start, 100);
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
}
