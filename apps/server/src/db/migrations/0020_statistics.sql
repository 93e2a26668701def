CREATE TABLE "stats_live_samples" (
	"live_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"viewers" integer NOT NULL,
	CONSTRAINT "stats_live_samples_live_id_at_pk" PRIMARY KEY("live_id","at")
);
--> statement-breakpoint
CREATE TABLE "stats_lives" (
	"live_id" integer PRIMARY KEY NOT NULL,
	"viewers" integer DEFAULT 0 NOT NULL,
	"seconds" double precision DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_retention" (
	"video_id" integer NOT NULL,
	"media_version" integer NOT NULL,
	"step" smallint NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_retention_video_id_media_version_step_pk" PRIMARY KEY("video_id","media_version","step")
);
--> statement-breakpoint
CREATE TABLE "stats_site_days" (
	"day" date PRIMARY KEY NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"viewers" integer DEFAULT 0 NOT NULL,
	"seconds" double precision DEFAULT 0 NOT NULL,
	"storage_bytes" bigint
);
--> statement-breakpoint
CREATE TABLE "stats_video_days" (
	"video_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"viewers" integer DEFAULT 0 NOT NULL,
	"seconds" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_video_days_video_id_day_pk" PRIMARY KEY("video_id","day")
);
--> statement-breakpoint
CREATE TABLE "stats_views_before" (
	"video_id" integer PRIMARY KEY NOT NULL,
	"views" integer NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "uploaded_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_live_samples" ADD CONSTRAINT "stats_live_samples_live_id_lives_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stats_lives" ADD CONSTRAINT "stats_lives_live_id_lives_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stats_retention" ADD CONSTRAINT "stats_retention_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stats_video_days" ADD CONSTRAINT "stats_video_days_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stats_views_before" ADD CONSTRAINT "stats_views_before_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stats_video_days_day_idx" ON "stats_video_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "videos_uploaded_at_idx" ON "videos" USING btree ("uploaded_at");--> statement-breakpoint
-- Videos from before: their upload is taken as their date (the only time they carry).
UPDATE "videos" SET "uploaded_at" = least("date", now());--> statement-breakpoint
-- Their view counters become the views before the statistics began.
INSERT INTO "stats_views_before" ("video_id", "views") SELECT "id", "views" FROM "videos" WHERE "views" > 0;
