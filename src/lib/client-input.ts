/**
 * `client:input`, an island directive: hydrate on the viewer's first input (first-input.ts), not
 * at load or idle. For an island whose server-rendered HTML already works on its own (the search
 * form is a plain GET form), so a page nobody touches never loads React for it.
 */
import type { ClientDirective } from 'astro';
import { onFirstInput } from './first-input.ts';

const hydrateOnInput: ClientDirective = (load) => {
  onFirstInput(async () => {
    const hydrate = await load();
    await hydrate();
  });
};

export default hydrateOnInput;
