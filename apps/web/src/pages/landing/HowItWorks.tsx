const STEPS = [
  {
    title: 'Upload your book',
    text: 'EPUB, FB2, PDF, Word (DOCX), Kindle (AZW3, MOBI), Markdown or TXT up to 100MB. Chapters, images and styles are kept.',
  },
  {
    title: 'Choose a language',
    text: 'Pick from 45+ languages. A glossary keeps names and terms the same throughout.',
  },
  {
    title: 'Download and read',
    text: 'Follow the progress live, then download EPUB, FB2 or TXT, and a Word or Markdown book in its own format.',
  },
];

export function HowItWorks() {
  return (
    <section id="features" className="mx-auto max-w-6xl px-4 py-20">
      <h2 className="text-center text-3xl font-bold">How it works</h2>
      <ol className="mt-10 grid gap-6 md:grid-cols-3">
        {STEPS.map((s, i) => (
          <li key={s.title} className="rounded-xl border border-slate-200 p-6 dark:border-slate-800">
            <span className="flex h-10 w-10 items-center justify-center rounded-full bg-indigo-600 font-bold text-white">
              {i + 1}
            </span>
            <h3 className="mt-4 text-lg font-semibold">{s.title}</h3>
            <p className="mt-2 text-slate-600 dark:text-slate-300">{s.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
