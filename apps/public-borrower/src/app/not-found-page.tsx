import { Link } from 'react-router-dom';

/** Any other address: say so calmly and point to the application form. */
export function NotFoundPage() {
  return (
    <main className="mx-auto max-w-lg px-4 py-16 text-slate-900 dark:text-slate-100">
      <h1 className="text-2xl font-semibold">We could not find that page</h1>
      <p className="mt-3 text-base text-slate-700 dark:text-slate-300">
        The address may be mistyped. If you came from a message about your loan offer, open the link from that message again.
      </p>
      <p className="mt-6">
        <Link to="/apply" className="font-medium text-yellow-800 underline underline-offset-2 dark:text-yellow-400">
          Apply for a loan
        </Link>
      </p>
    </main>
  );
}
