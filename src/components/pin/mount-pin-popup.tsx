/**
 * The at-start PIN popup's entry on a page without a PIN popup island (docs/product.md, «How
 * things change»): the header's script loads it only once the status says the popup shows, so
 * React and the popup never load with a page that does not show it.
 */
import { createRoot } from 'react-dom/client';
import PinPopup from './PinPopup.tsx';

/**
 * Draws the popup (its state is the shared `$parental` store) in a slot at the end of the body.
 * @example void import('./mount-pin-popup.tsx').then((m) => m.mountPinPopup())
 */
export function mountPinPopup(): void {
  const slot = document.createElement('div');
  slot.dataset.pinPopup = '';
  document.body.appendChild(slot);
  createRoot(slot).render(<PinPopup />);
}
