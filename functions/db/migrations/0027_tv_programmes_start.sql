-- Today's guide asks for every channel's programmes starting within a day: without an index on the
-- start alone, D1 read every kept programme of every channel for it (docs/decisions.md, "The TV
-- guide reads the day it shows").
CREATE INDEX tv_programmes_start ON tv_programmes (starts_at);
