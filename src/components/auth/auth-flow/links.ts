/**
 * The addresses of the sign-in flow: every step and form is a real URL that keeps the back path,
 * so the flow works before the island hydrates and without JavaScript.
 */
import type { AuthFlowState, AuthStep } from '../../../stores/auth-flow.ts';
import type { ServerState } from './context.ts';

const backQuery = (backPath?: string) =>
  backPath ? `&backPath=${encodeURIComponent(backPath)}` : '';

/**
 * A step link's address, relative to the page it is on.
 * @example stepHref('signin', '/gifts') // '?step=signin&backPath=%2Fgifts'
 */
export const stepHref = (to: AuthStep, backPath?: string) => `?step=${to}${backQuery(backPath)}`;

/**
 * Where a step's form posts without JavaScript (src/lib/auth-actions.ts).
 * @example formTarget('signup') // '/auth?step=signup'
 */
export const formTarget = (step: AuthStep, backPath?: string) =>
  `/auth?step=${step}${backQuery(backPath)}`;

/**
 * A social sign-in link: the server sends the browser on to the provider, the back path goes
 * along unless it is the home page (where the server returns anyway).
 * @example socialHref('vk', '/settings') // '/auth/socials/vk/sign-in?backPath=%2Fsettings'
 */
export const socialHref = (provider: string, back?: string) =>
  `/auth/socials/${provider}/sign-in${back && back !== '/' ? `?backPath=${encodeURIComponent(back)}` : ''}`;

/**
 * The flow's first state: the server's (the URL's step, or a refused form's error and code),
 * else the page's own first step; never busy.
 * @example firstState({}, 'recovery').step // 'recovery'
 */
export const firstState = (server: ServerState, initialStep?: AuthStep): AuthFlowState => ({
  step: server.step ?? initialStep ?? 'auth',
  busy: false,
  error: server.error ?? null,
  notice: server.notice ?? null,
  codeSentTo: server.codeSentTo ?? null,
  resetToken: server.resetToken ?? null,
});
