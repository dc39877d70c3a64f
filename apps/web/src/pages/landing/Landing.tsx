import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '../../components/Button';
import { signUpPath } from '../../lib/chosenPlan';
import { HowItWorks } from './HowItWorks';
import { Pricing } from './Pricing';

const STATS = [
  { value: '55 min', label: 'average per book' },
  { value: '45+', label: 'languages' },
  { value: '91%', label: 'accuracy' },
];

export function Landing() {
  const { hash } = useLocation();
  useEffect(() => {
    // A hash in the URL scrolls to that section (also after navigating here from another page).
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView({ behavior: 'smooth' });
  }, [hash]);

  return (
    <>
      <section className="bg-gradient-to-b from-indigo-50 to-white px-4 py-20 text-center dark:from-slate-900 dark:to-slate-950">
        <h1 className="mx-auto max-w-3xl text-4xl font-extrabold tracking-tight sm:text-6xl">
          Read Any Book in Your Language
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600 dark:text-slate-300">
          Upload an EPUB, FB2, PDF, Word, Kindle, Markdown or TXT book and get a faithful AI translation that
          keeps chapters, footnotes, images and names consistent from the first page to the last. Your first
          two translations are free.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to={signUpPath()} className={buttonClass('primary', 'lg')}>
            Start Translation
          </Link>
          <a href="#features" className={buttonClass('outline', 'lg')}>
            How it works
          </a>
        </div>
        <dl className="mx-auto mt-14 grid max-w-3xl grid-cols-3 gap-4">
          {STATS.map((s) => (
            <div key={s.label} className="rounded-xl bg-white p-4 shadow-sm dark:bg-slate-900">
              <dt className="text-sm text-slate-500 dark:text-slate-400">{s.label}</dt>
              <dd className="order-first text-2xl font-bold text-indigo-600 sm:text-3xl dark:text-indigo-400">
                {s.value}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <HowItWorks />
      <Pricing />
    </>
  );
}
