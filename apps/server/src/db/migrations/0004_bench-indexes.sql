DROP INDEX "directs_date_idx";--> statement-breakpoint
DROP INDEX "history_user_recent_idx";--> statement-breakpoint
DROP INDEX "likes_user_recent_idx";--> statement-breakpoint
DROP INDEX "videos_published_date_idx";--> statement-breakpoint
DROP INDEX "videos_privacy_date_idx";--> statement-breakpoint
DROP INDEX "videos_like_count_idx";--> statement-breakpoint
DROP INDEX "videos_views_idx";--> statement-breakpoint
CREATE INDEX "videos_published_visibility_idx" ON "videos" USING btree ("id","privacy","gpa_restricted") WHERE "videos"."processing" = 3;--> statement-breakpoint
CREATE INDEX "directs_date_idx" ON "directs" USING btree ("date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "history_user_recent_idx" ON "history" USING btree ("user_id","watched_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "likes_user_recent_idx" ON "likes" USING btree ("user_id","liked_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "videos_published_date_idx" ON "videos" USING btree ("date" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "videos"."processing" = 3;--> statement-breakpoint
CREATE INDEX "videos_privacy_date_idx" ON "videos" USING btree ("privacy","date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "videos_like_count_idx" ON "videos" USING btree ("like_count" DESC NULLS FIRST,"date" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "videos_views_idx" ON "videos" USING btree ("views" DESC NULLS FIRST,"date" DESC NULLS FIRST);