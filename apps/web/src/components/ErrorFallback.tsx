import { Component, type ErrorInfo, type ReactNode } from 'react';

/** Full-page fallback for an unexpected render error, with the spec's texts. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Render error', error, info.componentStack);
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main
        role="alert"
        className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center"
      >
        <h1 className="text-3xl font-bold">Oops! Something went wrong</h1>
        <p className="max-w-md text-slate-600 dark:text-slate-300">
          We encountered an unexpected error. Please try refreshing the page or contact support if the problem
          persists.
        </p>
        <div className="flex gap-3">
          <button
            type="button"
            className="rounded-lg bg-indigo-600 px-4 py-2 text-white"
            onClick={() => window.location.reload()}
          >
            Refresh Page
          </button>
          <button
            type="button"
            className="rounded-lg border border-slate-300 px-4 py-2"
            onClick={() => window.location.assign('/')}
          >
            Go Home
          </button>
        </div>
      </main>
    );
  }
}
