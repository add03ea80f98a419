import { useId, useState } from 'react';
import { Button } from '@loan/shared-ui';

/** A link shown once (a contract link is never readable again), with a copy button. */
export function CopyLink({ link, label }: { link: string; label: string }) {
  const id = useId();
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  }
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          readOnly
          value={link}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-md border border-gray-300 bg-gray-50 px-3 py-2 font-mono text-xs dark:border-slate-600 dark:bg-slate-900"
        />
        <Button variant="primary" onClick={() => void copy()}>
          Copy link
        </Button>
      </div>
      <p role="status" className="text-sm text-gray-600 dark:text-gray-300">
        {copied === 'yes' ? 'Link copied.' : copied === 'no' ? 'Could not copy: select the link and copy it.' : ''}
      </p>
    </div>
  );
}
