-- video_counts follows every insert, delete and change of a video's visibility class. Both
-- changes of an update go in one statement, in key order, so concurrent updates lock the
-- count rows in the same order and cannot deadlock.
CREATE OR REPLACE FUNCTION video_counts_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND (OLD.privacy, OLD.gpa_restricted, OLD.processing)
         IS NOT DISTINCT FROM (NEW.privacy, NEW.gpa_restricted, NEW.processing) THEN
    RETURN NULL;
  END IF;
  INSERT INTO video_counts AS c (privacy, gpa_restricted, processing, n)
  SELECT d.privacy, d.gpa_restricted, d.processing, d.n FROM (
    SELECT OLD.privacy, OLD.gpa_restricted, OLD.processing, -1 WHERE TG_OP IN ('UPDATE', 'DELETE')
    UNION ALL
    SELECT NEW.privacy, NEW.gpa_restricted, NEW.processing, 1 WHERE TG_OP IN ('UPDATE', 'INSERT')
  ) AS d (privacy, gpa_restricted, processing, n)
  ORDER BY 1, 2, 3
  ON CONFLICT (privacy, gpa_restricted, processing) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER videos_counts AFTER INSERT OR DELETE OR UPDATE OF privacy, gpa_restricted, processing
  ON videos FOR EACH ROW EXECUTE FUNCTION video_counts_trigger();
--> statement-breakpoint
INSERT INTO video_counts (privacy, gpa_restricted, processing, n)
  SELECT privacy, gpa_restricted, processing, count(*) FROM videos GROUP BY 1, 2, 3;
