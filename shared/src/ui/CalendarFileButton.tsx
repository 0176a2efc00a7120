import { useState } from 'react';
import type { OrderCalendar } from '../contract/index.ts';
import { Button } from './primitives.tsx';

/** Hands `content` to the browser as a file download named `filename`. */
export function saveTextFile(filename: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the address is not needed after it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * "Add the dates to the calendar": loads an order's calendar file (every lesson of its courses) and downloads it;
 * a calendar application opens it. `failed` is said (politely) when it cannot be loaded now.
 */
export function CalendarFileButton({
  load,
  label,
  failed,
}: {
  load: () => Promise<OrderCalendar>;
  label: string;
  failed: string;
}) {
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const download = async () => {
    setState('loading');
    try {
      const file = await load();
      if (file.content) saveTextFile(file.filename, file.content, 'text/calendar;charset=utf-8');
      setState('idle');
    } catch (error) {
      console.error('The calendar file could not be loaded', error);
      setState('failed');
    }
  };
  return (
    <>
      <Button variant="secondary" onClick={() => void download()} disabled={state === 'loading'}>
        {label}
      </Button>
      <span role="status">{state === 'failed' ? failed : ''}</span>
    </>
  );
}
