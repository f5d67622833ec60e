import { useEffect, useRef, useState } from 'react';

/**
 * For a dialog that is mounted when it opens and unmounted when it closes (lazy dialogs): focus
 * goes back to the control that opened it. Mantine's own focus return only follows `opened`
 * changing on a mounted modal, so it never runs for these.
 */
export function useReturnFocus(): void {
  // Read during the first render, before the dialog's focus trap moves focus inside it.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)));
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      // After the dialog has left the page (its focus trap would take focus back otherwise), and
      // only if it really closed (React's development double mount runs this cleanup too).
      window.setTimeout(() => {
        if (!mounted.current && opener && opener.isConnected && opener !== document.body) {
          opener.focus();
        }
      }, 0);
    };
  }, [opener]);
}
