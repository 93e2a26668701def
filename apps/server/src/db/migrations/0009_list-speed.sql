CREATE TABLE "search_results" (
	"key" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"total" integer NOT NULL,
	"head" integer[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_video_counts" (
	"user_id" integer NOT NULL,
	"list" smallint NOT NULL,
	"privacy" smallint NOT NULL,
	"gpa_restricted" boolean NOT NULL,
	"processing" smallint NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_video_counts_user_id_list_privacy_gpa_restricted_processing_pk" PRIMARY KEY("user_id","list","privacy","gpa_restricted","processing")
);
--> statement-breakpoint
CREATE TABLE "video_data_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "video_data_version_single_row" CHECK ("video_data_version"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "video_tag_counts" (
	"tag_a" integer NOT NULL,
	"tag_b" integer NOT NULL,
	"privacy" smallint NOT NULL,
	"gpa_restricted" boolean NOT NULL,
	"processing" smallint NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "video_tag_counts_tag_a_tag_b_privacy_gpa_restricted_processing_pk" PRIMARY KEY("tag_a","tag_b","privacy","gpa_restricted","processing")
);
--> statement-breakpoint
INSERT INTO "video_data_version" ("id", "n") VALUES (1, 0);
--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "tag_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;
--> statement-breakpoint
-- tag_ids is a sorted copy of the video's video_tags rows, refreshed with search_text.
CREATE OR REPLACE FUNCTION video_tags_search_text_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE affected integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.video_id ELSE NEW.video_id END;
BEGIN
  UPDATE videos
     SET search_text = video_search_text(id, title, description),
         tag_ids = coalesce((SELECT array_agg(vt.tag_id ORDER BY vt.tag_id)
                               FROM video_tags vt WHERE vt.video_id = affected), '{}')
   WHERE id = affected;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The single tags of a tag list (tag_b = 0) and its pairs (tag_a < tag_b).
CREATE OR REPLACE FUNCTION video_tag_count_keys(ids integer[])
  RETURNS TABLE (tag_a integer, tag_b integer) LANGUAGE sql IMMUTABLE AS $$
  SELECT a.t, b.t FROM unnest(ids) a(t), unnest('{0}'::integer[] || ids) b(t)
   WHERE b.t = 0 OR b.t > a.t
$$;
--> statement-breakpoint
-- video_tag_counts follows every video through its tag_ids and visibility class. All changes of
-- one video go in one statement, in key order, so concurrent writers cannot deadlock on them.
CREATE OR REPLACE FUNCTION video_tag_counts_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND (OLD.privacy, OLD.gpa_restricted, OLD.processing, OLD.tag_ids)
         IS NOT DISTINCT FROM (NEW.privacy, NEW.gpa_restricted, NEW.processing, NEW.tag_ids) THEN
    RETURN NULL;
  END IF;
  INSERT INTO video_tag_counts AS c (tag_a, tag_b, privacy, gpa_restricted, processing, n)
  SELECT d.tag_a, d.tag_b, d.privacy, d.gpa_restricted, d.processing, sum(d.n) FROM (
    SELECT k.tag_a, k.tag_b, OLD.privacy, OLD.gpa_restricted, OLD.processing, -1
      FROM video_tag_count_keys(CASE WHEN TG_OP <> 'INSERT' THEN OLD.tag_ids END) k
    UNION ALL
    SELECT k.tag_a, k.tag_b, NEW.privacy, NEW.gpa_restricted, NEW.processing, 1
      FROM video_tag_count_keys(CASE WHEN TG_OP <> 'DELETE' THEN NEW.tag_ids END) k
  ) AS d (tag_a, tag_b, privacy, gpa_restricted, processing, n)
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(d.n) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (tag_a, tag_b, privacy, gpa_restricted, processing) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER videos_tag_counts AFTER INSERT OR DELETE OR UPDATE OF privacy, gpa_restricted, processing, tag_ids
  ON videos FOR EACH ROW EXECUTE FUNCTION video_tag_counts_trigger();
--> statement-breakpoint
-- Taken first by every statement that may change what search reads (a BEFORE statement
-- trigger), so writers always lock the version row before any count row: no deadlock order.
CREATE OR REPLACE FUNCTION video_data_version_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE video_data_version SET n = n + 1 WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER videos_data_version BEFORE INSERT OR DELETE
  OR UPDATE OF title, description, search_text, tag_ids, date, privacy, gpa_restricted, processing
  ON videos FOR EACH STATEMENT EXECUTE FUNCTION video_data_version_trigger();
--> statement-breakpoint
-- history (list 0) and likes (list 1) rows per user and class of their video. The video row is
-- locked as its like or view counter update locks it (a shared lock, upgraded by that update,
-- would deadlock two likers): a concurrent change of its class waits for this count or is read by it.
-- A user being deleted is gone here and is skipped first, without locking anything: their
-- count rows are left as they are (never read again: user ids are not reused), since dropping
-- them would lock against a concurrent delete of their history and deadlock. A video being
-- deleted is gone here too (its BEFORE DELETE trigger took its rows off).
CREATE OR REPLACE FUNCTION user_video_counts_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  list_kind smallint := CASE TG_TABLE_NAME WHEN 'history' THEN 0 ELSE 1 END;
  row_user integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END;
  row_video integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.video_id ELSE NEW.video_id END;
  v record;
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM users WHERE id = row_user) THEN
    RETURN NULL;
  END IF;
  SELECT privacy, gpa_restricted, processing INTO v FROM videos WHERE id = row_video FOR NO KEY UPDATE;
  IF NOT FOUND THEN RETURN NULL; END IF;
  INSERT INTO user_video_counts AS c (user_id, list, privacy, gpa_restricted, processing, n)
  VALUES (row_user, list_kind, v.privacy, v.gpa_restricted, v.processing,
          CASE WHEN TG_OP = 'DELETE' THEN -1 ELSE 1 END)
  ON CONFLICT (user_id, list, privacy, gpa_restricted, processing) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER history_user_counts AFTER INSERT OR DELETE ON history
  FOR EACH ROW EXECUTE FUNCTION user_video_counts_trigger();
--> statement-breakpoint
CREATE TRIGGER likes_user_counts AFTER INSERT OR DELETE ON likes
  FOR EACH ROW EXECUTE FUNCTION user_video_counts_trigger();
--> statement-breakpoint
-- A video changing class moves its history and likes rows between classes; a deleted video
-- takes them off before the cascade removes the rows. One statement in key order, as above.
CREATE OR REPLACE FUNCTION user_video_counts_video_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND (OLD.privacy, OLD.gpa_restricted, OLD.processing)
         IS NOT DISTINCT FROM (NEW.privacy, NEW.gpa_restricted, NEW.processing) THEN
    RETURN NEW;
  END IF;
  INSERT INTO user_video_counts AS c (user_id, list, privacy, gpa_restricted, processing, n)
  SELECT d.user_id, d.list, d.privacy, d.gpa_restricted, d.processing, d.n FROM (
    SELECT r.user_id, r.list, OLD.privacy, OLD.gpa_restricted, OLD.processing, -1 FROM (
      SELECT user_id, 0 FROM history WHERE video_id = OLD.id
      UNION ALL SELECT user_id, 1 FROM likes WHERE video_id = OLD.id) r (user_id, list)
    UNION ALL
    SELECT r.user_id, r.list, NEW.privacy, NEW.gpa_restricted, NEW.processing, 1 FROM (
      SELECT user_id, 0 FROM history WHERE video_id = NEW.id
      UNION ALL SELECT user_id, 1 FROM likes WHERE video_id = NEW.id) r (user_id, list)
     WHERE TG_OP = 'UPDATE'
  ) AS d (user_id, list, privacy, gpa_restricted, processing, n)
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (user_id, list, privacy, gpa_restricted, processing) DO UPDATE SET n = c.n + excluded.n;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;
--> statement-breakpoint
CREATE TRIGGER videos_user_counts_update AFTER UPDATE OF privacy, gpa_restricted, processing
  ON videos FOR EACH ROW EXECUTE FUNCTION user_video_counts_video_trigger();
--> statement-breakpoint
CREATE TRIGGER videos_user_counts_delete BEFORE DELETE
  ON videos FOR EACH ROW EXECUTE FUNCTION user_video_counts_video_trigger();
--> statement-breakpoint
-- Rebuilds what the triggers above keep, from the rows (this migration, and the bench seed,
-- which loads with triggers off).
CREATE OR REPLACE FUNCTION rebuild_list_counts() RETURNS void LANGUAGE sql AS $$
  UPDATE videos v SET tag_ids = t.ids
    FROM (SELECT video_id, array_agg(tag_id ORDER BY tag_id) AS ids FROM video_tags GROUP BY 1) t
   WHERE t.video_id = v.id AND v.tag_ids IS DISTINCT FROM t.ids;
  DELETE FROM video_tag_counts;
  INSERT INTO video_tag_counts (tag_a, tag_b, privacy, gpa_restricted, processing, n)
  SELECT k.tag_a, k.tag_b, v.privacy, v.gpa_restricted, v.processing, count(*)
    FROM videos v, video_tag_count_keys(v.tag_ids) k GROUP BY 1, 2, 3, 4, 5;
  DELETE FROM user_video_counts;
  INSERT INTO user_video_counts (user_id, list, privacy, gpa_restricted, processing, n)
  SELECT r.user_id, r.list, v.privacy, v.gpa_restricted, v.processing, count(*)
    FROM (SELECT user_id, video_id, 0 AS list FROM history
          UNION ALL SELECT user_id, video_id, 1 FROM likes) r
    JOIN videos v ON v.id = r.video_id GROUP BY 1, 2, 3, 4, 5;
  DELETE FROM search_results;
$$;
--> statement-breakpoint
SELECT rebuild_list_counts();
--> statement-breakpoint
DROP INDEX "history_user_recent_idx";--> statement-breakpoint
DROP INDEX "likes_user_recent_idx";--> statement-breakpoint
DROP INDEX "videos_published_date_idx";--> statement-breakpoint
CREATE INDEX "videos_published_tags_idx" ON "videos" USING gin ("tag_ids") WHERE "videos"."processing" = 3;--> statement-breakpoint
CREATE INDEX "history_user_recent_idx" ON "history" USING btree ("user_id","watched_at" DESC NULLS FIRST,"video_id");--> statement-breakpoint
CREATE INDEX "likes_user_recent_idx" ON "likes" USING btree ("user_id","liked_at" DESC NULLS FIRST,"video_id");--> statement-breakpoint
CREATE INDEX "videos_published_date_idx" ON "videos" USING btree ("date" DESC NULLS FIRST,"id" DESC NULLS FIRST,"privacy","gpa_restricted","tag_ids") WHERE "videos"."processing" = 3;
