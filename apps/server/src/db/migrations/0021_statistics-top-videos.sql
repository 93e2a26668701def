DROP INDEX "stats_video_days_day_idx";--> statement-breakpoint
CREATE INDEX "stats_video_days_day_views_idx" ON "stats_video_days" USING btree ("day","views");