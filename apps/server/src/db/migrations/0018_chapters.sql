CREATE TABLE "video_chapters" (
	"video_id" integer NOT NULL,
	"start_ms" integer NOT NULL,
	"title" text NOT NULL,
	CONSTRAINT "video_chapters_video_id_start_ms_pk" PRIMARY KEY("video_id","start_ms")
);
--> statement-breakpoint
ALTER TABLE "video_chapters" ADD CONSTRAINT "video_chapters_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;