import { assertCanSee, type Viewer } from '../../access/index.ts';
import { d1 } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import { channelSchedule, channelsWithNowNext } from './repo.ts';
import { tvTexts } from './texts.ts';

/** The channels the viewer may see, with what is on at `now` and next. */
export const channelList = (viewer: Viewer, now: number) => channelsWithNowNext(d1(), now, viewer);

/** A channel's programmes overlapping [from, to): 404 when there is no channel, 403 when not theirs. */
export async function channelGuide(viewer: Viewer, idOrSlug: string, from: number, to: number) {
  const found = await channelSchedule(d1(), idOrSlug, from, to);
  if (!found) throw new ApiError(404, tvTexts.channelNotFound, 'channel_not_found');
  assertCanSee(viewer, { kind: 'channel', ageRating: found.channel.ageRating });
  return found;
}
