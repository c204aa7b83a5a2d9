import { config } from '../../lib/config.ts';
import { SOCIAL_LABELS } from '../../shared/social-labels.ts';

/** The account's social links (docs/product.md, «What we keep»: fb, vk, ok, ya, gp). */
export const SOCIAL_PROVIDERS = ['vk', 'ok', 'ya', 'gp', 'fb'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export const isSocialProvider = (value: string): value is SocialProvider =>
  (SOCIAL_PROVIDERS as readonly string[]).includes(value);

/** What the site learns from a provider: its user id, and the e-mail and name when it gives them. */
export interface ProviderUser {
  id: string;
  email: string | null;
  /** False when the provider says the e-mail is unconfirmed (such an address is not used). */
  emailVerified: boolean;
  name: string;
}

/** How the access token is shown to the user-info endpoint. */
type UserInfoStyle =
  /** GET with `Authorization: Bearer` (Google, Facebook). */
  | 'bearer'
  /** GET with `Authorization: OAuth <token>` (Yandex). */
  | 'oauth'
  /** POST form `client_id`, `access_token` (VK ID). */
  | 'form'
  /** GET with the token and an MD5 signature in the query (Odnoklassniki's REST API). */
  | 'ok-signed';

/** One provider's OAuth 2 endpoints, scopes and answer shapes. */
interface ProviderAdapter {
  id: SocialProvider;
  /** The name on buttons and in messages. */
  label: string;
  authorizeUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  scope: string;
  userInfo: UserInfoStyle;
  /** Reads the user from the user-info answer (each provider has its own shape); null if it is not one. */
  readUser(body: unknown): ProviderUser | null;
  /** Parameters of the redirect that the token request must repeat (VK ID: device_id). */
  echoParams?: readonly string[];
}

const str = (v: unknown): string | null =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null;
const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
const joined = (...parts: unknown[]) => parts.map(str).filter(Boolean).join(' ');

function user(
  id: unknown,
  email: unknown,
  name: string,
  emailVerified = true,
): ProviderUser | null {
  const subject = str(id);
  return subject
    ? { id: subject, email: str(email)?.trim().toLowerCase() ?? null, emailVerified, name }
    : null;
}

/** The real providers (mode `real`). Their answer shapes are also what the local provider answers. */
export const ADAPTERS: Record<SocialProvider, ProviderAdapter> = {
  // VK ID (OAuth 2.1 with PKCE): https://id.vk.com/about/business/go/docs/ru/vkid/latest/vk-id/connection/api-description
  vk: {
    id: 'vk',
    label: SOCIAL_LABELS.vk,
    authorizeUrl: 'https://id.vk.com/authorize',
    tokenUrl: 'https://id.vk.com/oauth2/auth',
    userInfoUrl: 'https://id.vk.com/oauth2/user_info',
    scope: 'email',
    userInfo: 'form',
    echoParams: ['device_id'],
    readUser: (b) => {
      const u = obj(obj(b).user);
      return user(u.user_id, u.email, joined(u.first_name, u.last_name));
    },
  },
  // Odnoklassniki: https://apiok.ru/ext/oauth/server (no PKCE there; state still protects the flow).
  ok: {
    id: 'ok',
    label: SOCIAL_LABELS.ok,
    authorizeUrl: 'https://connect.ok.ru/oauth/authorize',
    tokenUrl: 'https://api.ok.ru/oauth/token.do',
    userInfoUrl: 'https://api.ok.ru/fb.do',
    scope: 'VALUABLE_ACCESS;GET_EMAIL',
    userInfo: 'ok-signed',
    readUser: (b) => {
      const u = obj(b);
      return user(u.uid, u.email, str(u.name) ?? joined(u.first_name, u.last_name));
    },
  },
  // Yandex ID: https://yandex.ru/dev/id/doc/ru/codes/code-url (PKCE supported); default_email is confirmed.
  ya: {
    id: 'ya',
    label: SOCIAL_LABELS.ya,
    authorizeUrl: 'https://oauth.yandex.ru/authorize',
    tokenUrl: 'https://oauth.yandex.ru/token',
    userInfoUrl: 'https://login.yandex.ru/info?format=json',
    scope: 'login:email login:info',
    userInfo: 'oauth',
    readUser: (b) => {
      const u = obj(b);
      return user(u.id, u.default_email, str(u.real_name) ?? str(u.display_name) ?? '');
    },
  },
  // Google (OpenID Connect): https://developers.google.com/identity/protocols/oauth2/web-server
  gp: {
    id: 'gp',
    label: SOCIAL_LABELS.gp,
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userInfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    scope: 'openid email profile',
    userInfo: 'bearer',
    readUser: (b) => {
      const u = obj(b);
      return user(
        u.sub,
        u.email,
        str(u.name) ?? '',
        u.email_verified === true || u.email_verified === 'true',
      );
    },
  },
  // Facebook Login (manual flow, PKCE supported); Graph only returns confirmed e-mails.
  fb: {
    id: 'fb',
    label: SOCIAL_LABELS.fb,
    authorizeUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v19.0/oauth/access_token',
    userInfoUrl: 'https://graph.facebook.com/v19.0/me?fields=id,name,email',
    scope: 'email public_profile',
    userInfo: 'bearer',
    readUser: (b) => {
      const u = obj(b);
      return user(u.id, u.email, str(u.name) ?? '');
    },
  },
};

/** Where the local identity provider lives (functions/dev/local-provider.ts). */
export const LOCAL_PROVIDER_BASE = '/dev/oauth';
/** The local provider's client credentials: fixed, it is a stand-in and never runs in production. */
export const localClient = (provider: SocialProvider) => ({
  id: `local-${provider}`,
  secret: `local-secret-${provider}`,
});

export interface ResolvedProvider extends ProviderAdapter {
  client: { id: string; secret: string };
  /** True when the flow goes to the local provider (its HTTP calls stay inside this Worker). */
  local: boolean;
}

/**
 * The adapter as configured: the real endpoints and client (`SOCIAL_PROVIDER_MODE=real`), or the
 * same adapter pointed at the local provider on this origin (`local`, development and tests).
 * Null when the provider cannot be used here (no client id, or local without dev routes).
 * @example resolveProvider('ya', 'http://localhost:8787')?.authorizeUrl // 'http://localhost:8787/dev/oauth/ya/authorize'
 */
export function resolveProvider(provider: SocialProvider, origin: string): ResolvedProvider | null {
  const cfg = config();
  const adapter = ADAPTERS[provider];
  if (cfg.social.mode === 'local') {
    if (!cfg.devRoutes) return null;
    const base = `${origin}${LOCAL_PROVIDER_BASE}/${provider}`;
    return {
      ...adapter,
      authorizeUrl: `${base}/authorize`,
      tokenUrl: `${base}/token`,
      userInfoUrl: `${base}/userinfo`,
      client: localClient(provider),
      local: true,
    };
  }
  const client = cfg.social.client(provider);
  if (!client.id || !client.secret) return null;
  return { ...adapter, client, local: false };
}
