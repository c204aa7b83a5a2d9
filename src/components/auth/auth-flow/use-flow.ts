/**
 * The flow's state for the island: the server's first state until the store holds it (server
 * HTML and hydration agree), then the store's; what was typed is dropped on every new step.
 */
import { useStore } from '@nanostores/react';
import { useLayoutEffect, useState } from 'react';
import { BACK_PATH_KEY, rememberReturn } from '../../../../functions/shared/back-path.ts';
import { $authFlow, type AuthStep, goToStep, isAuthStep } from '../../../stores/auth-flow.ts';
import type { ServerState } from './context.ts';
import { firstState } from './links.ts';

export function useFlow(server: ServerState, initialStep?: AuthStep, backPath?: string) {
  const live = useStore($authFlow);
  const first = firstState(server, initialStep);
  // Until the store holds the server's state, render that: server HTML and hydration agree.
  const [synced, setSynced] = useState(false);
  const state = synced ? live : first;
  const [values, setValues] = useState(server.values ?? {});

  // A layout effect: it runs as hydration commits, before the browser can deliver a click. As a
  // passive effect it could run after a step link's click and set the store back to the server's
  // step, leaving the new step's URL over the old step's screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once on mount, from the server's first state
  useLayoutEffect(() => {
    const url = new URL(location.href);
    rememberReturn(sessionStorage, {
      backPath: url.searchParams.get(BACK_PATH_KEY) ?? backPath,
      referrer: document.referrer,
      origin: location.origin,
    });
    $authFlow.set(first);
    setSynced(true);
    const unsubscribe = $authFlow.listen((next, previous) => {
      if (next.step !== previous?.step) setValues({});
    });
    const onPop = () => {
      const back = new URL(location.href).searchParams.get('step');
      goToStep(isAuthStep(back) ? back : 'auth', { push: false });
    };
    addEventListener('popstate', onPop);
    return () => {
      unsubscribe();
      removeEventListener('popstate', onPop);
    };
  }, []);
  return { state, values };
}
