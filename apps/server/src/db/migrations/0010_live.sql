CREATE TABLE "live_problems" (
	"direct_id" integer PRIMARY KEY NOT NULL,
	"message" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lives" (
	"id" serial PRIMARY KEY NOT NULL,
	"direct_id" integer NOT NULL,
	"state" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lost_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"parts" integer DEFAULT 0 NOT NULL,
	"video_id" integer,
	CONSTRAINT "lives_state_check" CHECK ("lives"."state" in ('live', 'reconnecting', 'ending', 'ended'))
);
--> statement-breakpoint
ALTER TABLE "directs" ADD COLUMN "stream_key" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "live_sets_current" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "publish_rediff" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "live_problems" ADD CONSTRAINT "live_problems_direct_id_directs_id_fk" FOREIGN KEY ("direct_id") REFERENCES "public"."directs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lives" ADD CONSTRAINT "lives_direct_id_directs_id_fk" FOREIGN KEY ("direct_id") REFERENCES "public"."directs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lives" ADD CONSTRAINT "lives_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lives_open_idx" ON "lives" USING btree ("direct_id") WHERE "lives"."state" <> 'ended';--> statement-breakpoint
CREATE INDEX "lives_direct_idx" ON "lives" USING btree ("direct_id","id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "directs" ADD CONSTRAINT "directs_stream_key_unique" UNIQUE("stream_key");