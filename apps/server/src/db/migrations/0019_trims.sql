CREATE TABLE "video_trims" (
	"video_id" integer PRIMARY KEY NOT NULL,
	"keep_ms" jsonb NOT NULL,
	"state" text NOT NULL,
	"progress" smallint,
	"error" text,
	"from_version" integer NOT NULL,
	"to_version" integer NOT NULL,
	"chapters_before" jsonb,
	"undo_until" timestamp with time zone,
	"requested_by" integer,
	"at_encode" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "media_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "video_trims" ADD CONSTRAINT "video_trims_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_trims" ADD CONSTRAINT "video_trims_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;