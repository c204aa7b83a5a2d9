/** Whether the page has the PIN popup island (a signed-in adult's title page): the player can open it. */
export const hasPinPopup = () =>
  document.querySelector('astro-island[component-url*="PinPopup"]') !== null;
