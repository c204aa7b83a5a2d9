import { consentPersonalData } from './consent-personal-data.ts';
import { forVendors } from './for-vendors.ts';
import { freezing } from './freezing.ts';
import { legalInformation } from './legal-information.ts';
import { policy } from './policy.ts';
import { privacy } from './privacy.ts';
import { recommendations } from './recommendations.ts';
import { titleSubscriptionRules } from './title-subscription-rules.ts';
import { tos } from './tos.ts';
import type { InfoDoc } from './types.ts';

/** The info pages of docs/product.md, «Screens and routes», by their slug under /info/. */
export const INFO_DOCS: Record<string, InfoDoc> = {
  tos,
  recommendations,
  'for-vendors': forVendors,
  freezing,
  'title-subscription-rules': titleSubscriptionRules,
  'consent-personal-data': consentPersonalData,
  policy,
  'legal-information': legalInformation,
  privacy,
};
