import { useEffect } from 'react';

/** Sets the browser tab title to "<page> - Strata". */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} - Strata` : 'Strata';
  }, [title]);
}
