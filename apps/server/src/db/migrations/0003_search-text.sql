-- search_text is what full-text search reads: the database keeps it true whatever writes titles,
-- descriptions, tag links or tag names, so no service can forget to refresh it.
CREATE OR REPLACE FUNCTION video_search_text(v_id integer, v_title text, v_description text)
  RETURNS text LANGUAGE sql STABLE AS $$
  SELECT v_title || ' ' || v_description || ' ' || coalesce(
    (SELECT string_agg(t.name, ' ' ORDER BY t.name)
       FROM video_tags vt JOIN tags t ON t.id = vt.tag_id
      WHERE vt.video_id = v_id), '')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION videos_search_text_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := video_search_text(NEW.id, NEW.title, NEW.description);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER videos_search_text BEFORE INSERT OR UPDATE OF title, description ON videos
  FOR EACH ROW EXECUTE FUNCTION videos_search_text_trigger();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION video_tags_search_text_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE affected integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.video_id ELSE NEW.video_id END;
BEGIN
  UPDATE videos SET search_text = video_search_text(id, title, description) WHERE id = affected;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER video_tags_search_text AFTER INSERT OR DELETE ON video_tags
  FOR EACH ROW EXECUTE FUNCTION video_tags_search_text_trigger();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tags_search_text_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE videos SET search_text = video_search_text(id, title, description)
   WHERE id IN (SELECT video_id FROM video_tags WHERE tag_id = NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tags_search_text AFTER UPDATE OF name ON tags
  FOR EACH ROW EXECUTE FUNCTION tags_search_text_trigger();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION directs_search_text_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := NEW.title || ' ' || NEW.description;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER directs_search_text BEFORE INSERT OR UPDATE OF title, description ON directs
  FOR EACH ROW EXECUTE FUNCTION directs_search_text_trigger();
