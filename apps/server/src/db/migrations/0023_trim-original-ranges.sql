ALTER TABLE "video_trims" ADD COLUMN "original_keep_ms" jsonb;--> statement-breakpoint
ALTER TABLE "video_trims" ADD COLUMN "original_before_ms" jsonb;