import { useEffect, useState } from 'react';
import { LOADER_DELAY_MS } from '../../../functions/shared/constants.ts';

/**
 * The busy spinner of islands (docs/product.md, «Numbers»: loader delay 200 ms): shown only once a call has
 * run longer than the delay, so quick answers never flash it.
 */
export function BusySpinner({ busy, label = 'Загрузка' }: { busy: boolean; label?: string }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!busy) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), LOADER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [busy]);
  if (!shown) return null;
  return <span className="busy-spinner" role="progressbar" aria-label={label} />;
}
