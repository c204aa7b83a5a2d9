/**
 * Offers (docs/product.md, «Money»): the free-days offer, the polls, and the event manager that
 * decides which paywall, poll or offer a viewer sees after a user event. The domain's one entry.
 */
export {
  answerEvent,
  EM_EVENT_TYPES,
  EM_TRIGGERS,
  type EmAnswer,
  type EmEvent,
  type EmEventType,
  type EmTrigger,
  type EmVisitor,
  visitorKey,
} from './event-manager.ts';
export {
  daysText,
  type FreeDaysOffer,
  type FreeDaysStatus,
  freeDaysOffer,
  takeFreeDays,
} from './free-days.ts';
export {
  answerPoll,
  type Poll,
  type PollAnswer,
  type PollQuestion,
  pollBySlug,
  type Respondent,
} from './polls.ts';
export { offersTexts } from './texts.ts';
