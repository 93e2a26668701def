CREATE TABLE "media_locations" (
	"folder" text PRIMARY KEY NOT NULL,
	"backend" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_locations_backend" CHECK ("media_locations"."backend" in ('local', 's3'))
);
