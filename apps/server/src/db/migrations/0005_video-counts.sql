CREATE TABLE "video_counts" (
	"privacy" smallint NOT NULL,
	"gpa_restricted" boolean NOT NULL,
	"processing" smallint NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "video_counts_privacy_gpa_restricted_processing_pk" PRIMARY KEY("privacy","gpa_restricted","processing")
);
--> statement-breakpoint
DROP INDEX "videos_published_date_idx";--> statement-breakpoint
CREATE INDEX "videos_published_date_idx" ON "videos" USING btree ("date" DESC NULLS FIRST,"id" DESC NULLS FIRST,"privacy","gpa_restricted") WHERE "videos"."processing" = 3;