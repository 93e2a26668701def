CREATE TABLE "unreferenced_media" (
	"key" text PRIMARY KEY NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "raw_version" integer DEFAULT 0 NOT NULL;