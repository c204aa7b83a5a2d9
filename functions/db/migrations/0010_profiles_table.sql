-- 0010 the profiles table is named for what it holds: `users` of 0003 becomes `profiles`.
-- Only the table changes: the API keeps the spec's names (`users/{id}`, `userId`, the `user_id`
-- cookie and column). Number 0007 was never used (no migration of that number was ever written),
-- so 0010 follows 0009.

-- SQLite rewrites the references to the table (sessions.user_id, the trigger's body) itself.
ALTER TABLE users RENAME TO profiles;

DROP INDEX users_account;
CREATE INDEX profiles_account ON profiles (account_id, id);

DROP TRIGGER users_at_most_five;
CREATE TRIGGER profiles_at_most_five BEFORE INSERT ON profiles
WHEN (SELECT count(*) FROM profiles WHERE account_id = NEW.account_id) >= 5
BEGIN
  SELECT RAISE(ABORT, 'profile_limit');
END;
