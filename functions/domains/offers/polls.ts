/**
 * Polls (/poll/{slug}?poll_slug=…): why a viewer is not subscribing, and why they turn renewal
 * off (slug `unsubscribe`). Questions with options and maybe a comment; one response per
 * account (or, for a guest, per device) and poll, kept by a unique key so a double submit
 * stores one.
 */

import { d1 } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import { nowSeconds } from '../auth/index.ts';
import { pollResponse, pollRows } from './repo.ts';
import type { Poll, PollAnswer, PollQuestion } from './schemas.ts';
import { offersTexts } from './texts.ts';

/** Who answers: `a:<account>` when signed in, else `d:<device id>`. */
export interface Respondent {
  accountId: number | null;
  deviceId: string;
}
export const respondentKey = (r: Respondent) =>
  r.accountId !== null ? `a:${r.accountId}` : `d:${r.deviceId}`;

interface Row {
  slug: string;
  title: string;
  description: string;
  buttonText: string;
  thanksText: string;
  submitEvent: string | null;
  questionId: number | null;
  question: string | null;
  withComment: number | null;
  optionId: number | null;
  option: string | null;
  answered: number;
}

/**
 * An active poll with its questions and options, and whether this respondent has answered it;
 * null when there is no such poll.
 */
export async function pollBySlug(
  slug: string,
  respondent: Respondent | null = null,
): Promise<{ poll: Poll; answered: boolean } | null> {
  const { results } = await pollRows(
    d1(),
    slug,
    respondent ? respondentKey(respondent) : null,
  ).all<Row>();
  const first = results[0];
  if (!first) return null;
  const questions = new Map<number, PollQuestion>();
  for (const r of results) {
    if (r.questionId === null) continue;
    let q = questions.get(r.questionId);
    if (!q) {
      q = { id: r.questionId, text: r.question!, withComment: r.withComment === 1, options: [] };
      questions.set(r.questionId, q);
    }
    if (r.optionId !== null) q.options.push({ id: r.optionId, text: r.option! });
  }
  return {
    poll: {
      slug: first.slug,
      title: first.title,
      description: first.description,
      buttonText: first.buttonText,
      thanksText: first.thanksText,
      submitEvent: first.submitEvent,
      questions: [...questions.values()],
    },
    answered: first.answered === 1,
  };
}

const invalid = (message: string, field: string) =>
  new ApiError(422, message, 'invalid_field', {}, { field, fields: [{ field, message }] });

/**
 * Stores a response once: every question needs one of its own options; a comment only where the
 * question has the box. 404 for an unknown poll, 422 for a wrong answer (nothing stored), 409
 * when this respondent has answered already.
 */
export async function answerPoll(
  respondent: Respondent,
  slug: string,
  answers: PollAnswer[],
  now = nowSeconds(),
): Promise<Poll> {
  const found = await pollBySlug(slug, respondent);
  if (!found) throw new ApiError(404, offersTexts.poll.notFound, 'poll_not_found');
  if (found.answered) throw new ApiError(409, offersTexts.poll.answered, 'poll_already_answered');
  const { poll } = found;
  const byQuestion = new Map(answers.map((a) => [a.questionId, a]));
  const rows: { questionId: number; optionId: number; comment: string | null }[] = [];
  for (const q of poll.questions) {
    const a = byQuestion.get(q.id);
    const field = `q${q.id}`;
    if (!a) throw invalid(offersTexts.poll.chooseOption, field);
    if (!q.options.some((o) => o.id === a.optionId))
      throw invalid(offersTexts.poll.unknownOption, field);
    const comment = q.withComment ? a.comment?.trim() || null : null;
    if (comment && comment.length > 1000)
      throw invalid(offersTexts.poll.commentTooLong, `c${q.id}`);
    rows.push({ questionId: q.id, optionId: a.optionId, comment });
  }
  const db = d1();
  const key = respondentKey(respondent);
  try {
    // A plain insert: a second response breaks the unique key and the batch stores nothing.
    await db.batch(
      pollResponse(db, { slug, respondent: key, accountId: respondent.accountId, now }, rows),
    );
  } catch (error) {
    if (/UNIQUE constraint failed: poll_responses/.test(String(error)))
      throw new ApiError(409, offersTexts.poll.answered, 'poll_already_answered');
    throw error;
  }
  return poll;
}
