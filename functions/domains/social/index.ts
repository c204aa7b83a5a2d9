export { checkFlow, startFlow } from './flow.ts';
export { setLocalProvider } from './oauth-client.ts';
export type { SocialProvider } from './providers.ts';
export {
  ADAPTERS,
  isSocialProvider,
  LOCAL_PROVIDER_BASE,
  localClient,
  SOCIAL_PROVIDERS,
} from './providers.ts';
export { linkedProviders, purgeSocial, socialsOf } from './repo.ts';
export type { SocialBody, Socials } from './schemas.ts';
export * as socialSchemas from './schemas.ts';
export { unbindSocial } from './service.ts';
export { isSocialErrorReason, SOCIAL_ERROR_TITLE, socialError, socialErrorText } from './texts.ts';
