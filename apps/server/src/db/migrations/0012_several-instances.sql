CREATE TABLE "live_presence" (
	"direct_id" integer NOT NULL,
	"viewer" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "live_presence_direct_id_viewer_pk" PRIMARY KEY("direct_id","viewer")
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"resets_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lives" ADD COLUMN "end_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "live_presence" ADD CONSTRAINT "live_presence_direct_id_directs_id_fk" FOREIGN KEY ("direct_id") REFERENCES "public"."directs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_presence_seen_idx" ON "live_presence" USING btree ("seen_at");