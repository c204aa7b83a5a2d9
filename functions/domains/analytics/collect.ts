import { d1 } from '../../db/client.ts';
import { run } from '../../db/run.ts';
import { calendarDay } from '../../shared/ru.ts';
import { eventRow, type Received, type StatEvent } from './event.ts';
import {
  eventsByViewQuery,
  insertEvent,
  type MarketingCallRow,
  marketingCallsQuery,
} from './repo.ts';

/**
 * Stores an event the stat collector accepted: one D1 write. A doubled send is stored once;
 * false then.
 * @example await recordEvent(event, { userAgent: c.req.header('user-agent') ?? '', at: Date.now() })
 */
export function recordEvent(event: StatEvent, received: Received): Promise<boolean> {
  return insertEvent(d1(), eventRow(event, received, calendarDay(new Date(received.at))));
}

/** A recorded customer-marketing call as the development page and API show it. */
export interface MarketingCall {
  id: number;
  operation: string;
  accountId: string;
  profileId: string;
  customer: unknown;
  /** ISO 8601, UTC. */
  createdAt: string;
}

/** The local recorder's calls, newest first (development only). */
export async function listMarketingCalls(filter: {
  accountId?: string;
  limit: number;
}): Promise<MarketingCall[]> {
  const found = await run(marketingCallsQuery(d1(), filter));
  return found.map((r: MarketingCallRow) => ({
    id: r.id,
    operation: r.operation,
    accountId: r.accountId,
    profileId: r.profileId,
    customer: JSON.parse(r.customer) as unknown,
    createdAt: new Date(r.createdAt).toISOString(),
  }));
}

/** The stored events of one view id (development only: a browser journey follows its beacon). */
export function storedEvents(viewId: string): Promise<Record<string, unknown>[]> {
  return run(eventsByViewQuery(d1(), viewId));
}
