/**
 * Analytics (docs/product.md, «What we measure»): the stat collector's store, the staff report
 * and the customer-marketing tool.
 */

export {
  listMarketingCalls,
  type MarketingCall,
  recordEvent,
  storedEvents,
} from './collect.ts';
export {
  type StatEvent,
  statEventSchema,
  storedQuery,
  storedReferer,
  USER_AGENT_LIMIT,
  viewEventSchema,
} from './event.ts';
export {
  type Customer,
  type CustomerMarketing,
  customerAuthenticated,
  customerMarketing,
  customerOpenedSite,
  httpMarketing,
  localMarketing,
  type MarketingOperation,
  type MarketingProvider,
  marketingProvider,
} from './marketing.ts';
export type { DayCount, DayRange, PageTypeCount, SourceCount, TitleCount } from './repo.ts';
export {
  DEFAULT_DAYS,
  MAX_DAYS,
  reportRange,
  type StatsReport,
  statsReport,
} from './report.ts';
export * as analyticsSchemas from './schemas.ts';
export { analyticsTexts } from './texts.ts';
