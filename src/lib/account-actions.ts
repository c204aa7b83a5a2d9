import type { AstroGlobal } from 'astro';
import {
  addressOf,
  type Contact,
  type ContactKind,
  changeWithCurrent,
  code as codeSchema,
  email as emailSchema,
  password as newPassword,
  nowSeconds,
  phone as phoneSchema,
} from '../../functions/domains/auth/index.ts';
import {
  confirmContactChange,
  requestContactChange,
} from '../../functions/domains/contacts/index.ts';
import { sendParentalCode, verifySession } from '../../functions/domains/parental/index.ts';
import type { LiveSession } from '../../functions/lib/index.ts';
import { ApiError, config } from '../../functions/lib/index.ts';

/**
 * The forms of /settings/account (Post/Redirect/Get, no JavaScript needed): the password, and
 * the e-mail or phone change in its steps. Each action calls the same domain code as the API.
 * Where a step leads is in the URL: `?change=email` (new address, or first the verification of a
 * passwordless account), `&verify=1` (its code), `&to=<address>` (the code sent there).
 */
export type { ContactKind };
export const isContactKind = (v: unknown): v is ContactKind => v === 'email' || v === 'phone';

type AccountAction = 'password' | 'contact' | 'contact-code' | 'verify-send' | 'verify-code';

/** A refused form: which one, its Russian message and the HTTP status, plus what to show again. */
export interface ActionError {
  action: AccountAction;
  message: string;
  status: number;
  /** The contact the form was about ('email' for the password form, which has none). */
  kind: ContactKind;
  /** The address the viewer typed (step 1) or the one the code went to (step 2). */
  address?: string;
}

type ActionOutcome = { redirect: string } | ActionError;

const ACTIONS: readonly AccountAction[] = [
  'password',
  'contact',
  'contact-code',
  'verify-send',
  'verify-code',
];

/** Parses a contact address of `kind` with the API's own schema (trimmed, lower-cased, E.164). */
function parseAddress(
  kind: ContactKind,
  value: string,
): { contact: Contact } | { message: string } {
  const parsed = (kind === 'email' ? emailSchema : phoneSchema).safeParse(value);
  if (!parsed.success) return { message: parsed.error.issues[0]!.message };
  return { contact: kind === 'email' ? { email: parsed.data } : { phone: parsed.data } };
}

export async function accountAction(Astro: AstroGlobal, live: LiveSession): Promise<ActionOutcome> {
  const form = await Astro.request.formData();
  const field = (name: string) => String(form.get(name) ?? '');
  const action = (ACTIONS as readonly string[]).includes(field('action'))
    ? (field('action') as AccountAction)
    : 'password';
  const kindField = field('kind');
  const kind: ContactKind = isContactKind(kindField) ? kindField : 'email';
  const ip = Astro.locals.edge.geo.ip;
  const origin = config().siteOrigin;
  const now = nowSeconds();
  /** The address to show again with a refusal: as typed (step 1), or where the code went (step 2). */
  let address: string | undefined;
  const refuse = (message: string, status: number): ActionError => ({
    action,
    message,
    status,
    kind,
    address,
  });
  try {
    switch (action) {
      case 'password': {
        const parsed = newPassword.safeParse(field('new_password'));
        if (!parsed.success) return refuse(`Новый пароль: ${parsed.error.issues[0]!.message}`, 422);
        const ended = await changeWithCurrent(live, field('current_password'), parsed.data, now);
        return { redirect: `/settings/account?changed=${ended}` };
      }
      case 'contact': {
        address = field('address').slice(0, 254);
        const parsed = parseAddress(kind, address);
        if ('message' in parsed) return refuse(parsed.message, 422);
        const password = form.has('current_password') ? field('current_password') : undefined;
        await requestContactChange(ip, live, parsed.contact, password, origin, now);
        return {
          redirect: `/settings/account?change=${kind}&to=${encodeURIComponent(addressOf(parsed.contact))}`,
        };
      }
      case 'contact-code': {
        const parsed = parseAddress(kind, field('address'));
        if ('message' in parsed) return { redirect: `/settings/account?change=${kind}` };
        address = addressOf(parsed.contact);
        const code = codeSchema.safeParse(field('code'));
        if (!code.success) return refuse(code.error.issues[0]!.message, 422);
        const ended = await confirmContactChange(ip, live, parsed.contact, code.data, origin, now);
        return { redirect: `/settings/account?contact=${kind}&ended=${ended}` };
      }
      case 'verify-send': {
        await sendParentalCode(ip, live, 'verification');
        return { redirect: `/settings/account?change=${kind}&verify=1` };
      }
      case 'verify-code': {
        const code = codeSchema.safeParse(field('code'));
        if (!code.success) return refuse(code.error.issues[0]!.message, 422);
        await verifySession(ip, live, code.data, now);
        return { redirect: `/settings/account?change=${kind}` };
      }
    }
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return refuse(e.message, e.status);
  }
}

export type ContactStep = 'verify' | 'verify-code' | 'address' | 'code';

/** After a refused contact form, that form again; a refused request of an unproven account returns to its verification. */
const REFUSED_STEP = {
  'verify-send': 'verify',
  'verify-code': 'verify-code',
  contact: 'address',
  'contact-code': 'code',
} as const satisfies Record<Exclude<AccountAction, 'password'>, ContactStep>;

/**
 * Which step of the e-mail or phone change /settings/account shows, if any: after a refused form,
 * that form; otherwise the URL's (`?change=`, `&to=` once a code went out, `&verify=1`). `proven`:
 * the account has a password or this session checked a code in the last 10 minutes.
 */
export function contactStep(
  url: URL,
  failed: ActionError | null,
  proven: boolean,
): { kind: ContactKind; step: ContactStep; address?: string } | null {
  if (failed && failed.action !== 'password') {
    const step = REFUSED_STEP[failed.action];
    return {
      kind: failed.kind,
      step: step === 'address' && !proven ? 'verify' : step,
      address: failed.address,
    };
  }
  const kind = url.searchParams.get('change');
  if (!isContactKind(kind)) return null;
  const sentTo = parseAddress(kind, url.searchParams.get('to') ?? '');
  if ('contact' in sentTo) return { kind, step: 'code', address: addressOf(sentTo.contact) };
  if (!proven)
    return { kind, step: url.searchParams.get('verify') === '1' ? 'verify-code' : 'verify' };
  return { kind, step: 'address' };
}
