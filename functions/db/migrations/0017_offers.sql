-- 0017 Offers (docs/product.md, «Money»): the polls for viewers who are not subscribing or who
-- turn renewal off, their answers, and the event manager's rules and experiments. All of it is
-- data an operator changes in D1 (README, «Event manager»), not code. Times are unix seconds.

-- A poll by slug (/poll/{slug}?poll_slug=…): questions, each with options and maybe a comment
-- box. `submit_event` is the event-manager event the page sends once it is answered.
CREATE TABLE polls (
  slug TEXT PRIMARY KEY NOT NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  button_text TEXT NOT NULL,
  thanks_text TEXT NOT NULL,
  submit_event TEXT,
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1))
);
CREATE TABLE poll_questions (
  id INTEGER PRIMARY KEY,
  poll_slug TEXT NOT NULL REFERENCES polls(slug) ON DELETE CASCADE,
  text TEXT NOT NULL,
  -- The comment box under the options (optional to fill in).
  with_comment INTEGER NOT NULL DEFAULT 0 CHECK (with_comment IN (0, 1)),
  sort INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX poll_questions_poll ON poll_questions (poll_slug, sort);
CREATE TABLE poll_options (
  id INTEGER PRIMARY KEY,
  question_id INTEGER NOT NULL REFERENCES poll_questions(id) ON DELETE CASCADE,
  text TEXT NOT NULL,
  sort INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX poll_options_question ON poll_options (question_id, sort);

-- One response per respondent and poll: `respondent` is `a:<account id>` for a signed-in viewer,
-- `d:<device id>` for a guest. Its answers, one row per question.
CREATE TABLE poll_responses (
  id INTEGER PRIMARY KEY,
  poll_slug TEXT NOT NULL REFERENCES polls(slug) ON DELETE CASCADE,
  respondent TEXT NOT NULL,
  account_id INTEGER REFERENCES accounts(id) ON DELETE SET NULL,
  created_at INTEGER NOT NULL,
  UNIQUE (poll_slug, respondent)
);
CREATE TABLE poll_answers (
  response_id INTEGER NOT NULL REFERENCES poll_responses(id) ON DELETE CASCADE,
  question_id INTEGER NOT NULL REFERENCES poll_questions(id) ON DELETE CASCADE,
  option_id INTEGER REFERENCES poll_options(id) ON DELETE SET NULL,
  comment TEXT CHECK (comment IS NULL OR length(comment) <= 1000),
  PRIMARY KEY (response_id, question_id)
) WITHOUT ROWID;

-- An experiment (offers, steps, sbp) splits visitors among its variants by weight; a visitor keeps
-- the variant first drawn (em_assignments). A variant names the event-manager event it answers
-- with (NULL: the control group, no event) and that event's properties (JSON object).
CREATE TABLE em_experiments (
  slug TEXT PRIMARY KEY NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1))
);
CREATE TABLE em_variants (
  experiment_slug TEXT NOT NULL REFERENCES em_experiments(slug) ON DELETE CASCADE,
  variant TEXT NOT NULL,
  weight INTEGER NOT NULL CHECK (weight >= 0),
  event_type TEXT,
  properties TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(properties)),
  PRIMARY KEY (experiment_slug, variant)
) WITHOUT ROWID;
-- `visitor` is `a:<account id>` for a signed-in viewer, `d:<device id>` for a guest.
CREATE TABLE em_assignments (
  experiment_slug TEXT NOT NULL REFERENCES em_experiments(slug) ON DELETE CASCADE,
  visitor TEXT NOT NULL,
  variant TEXT NOT NULL,
  assigned_at INTEGER NOT NULL,
  PRIMARY KEY (experiment_slug, visitor)
) WITHOUT ROWID;

-- A rule: for a user event (`trigger`: opened_app, opened_paywall…), an audience and the event's
-- fields (`match`: a JSON object whose every key must equal the field the client sent, e.g.
-- {"contentId": 12}), answer an event (`event_type` with `properties`) or the visitor's variant of
-- an experiment. All matching rules answer, highest priority first; the client acts on the first.
CREATE TABLE em_rules (
  id INTEGER PRIMARY KEY,
  trigger TEXT NOT NULL,
  audience TEXT NOT NULL DEFAULT 'any'
    CHECK (audience IN ('any', 'guest', 'signed_in', 'subscriber', 'non_subscriber')),
  match TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(match)),
  priority INTEGER NOT NULL DEFAULT 0,
  event_type TEXT,
  properties TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(properties)),
  experiment_slug TEXT REFERENCES em_experiments(slug) ON DELETE CASCADE,
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  CHECK ((event_type IS NULL) <> (experiment_slug IS NULL))
);
CREATE INDEX em_rules_trigger ON em_rules (trigger, priority DESC) WHERE active = 1;
