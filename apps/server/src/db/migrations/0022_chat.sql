CREATE TABLE "chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"direct_id" integer NOT NULL,
	"user_id" integer,
	"username" text NOT NULL,
	"role" text NOT NULL,
	"body" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"live_id" integer,
	"recording_ms" bigint,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chat_moderation" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"direct_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"moderator_id" integer,
	"moderator" text NOT NULL,
	"action" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_mutes" (
	"direct_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"until" timestamp with time zone,
	CONSTRAINT "chat_mutes_direct_id_user_id_pk" PRIMARY KEY("direct_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "directs" ADD COLUMN "chat_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "directs" ADD COLUMN "chat_slow_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "directs" ADD COLUMN "chat_members_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "directs" ADD COLUMN "chat_pinned_id" bigint;--> statement-breakpoint
ALTER TABLE "lives" ADD COLUMN "air_ms" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lives" ADD COLUMN "part_started_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "chat_forbidden_words" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_direct_id_directs_id_fk" FOREIGN KEY ("direct_id") REFERENCES "public"."directs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_live_id_lives_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_moderation" ADD CONSTRAINT "chat_moderation_direct_id_directs_id_fk" FOREIGN KEY ("direct_id") REFERENCES "public"."directs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_moderation" ADD CONSTRAINT "chat_moderation_moderator_id_users_id_fk" FOREIGN KEY ("moderator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_mutes" ADD CONSTRAINT "chat_mutes_direct_id_directs_id_fk" FOREIGN KEY ("direct_id") REFERENCES "public"."directs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_mutes" ADD CONSTRAINT "chat_mutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_direct_idx" ON "chat_messages" USING btree ("direct_id","id");--> statement-breakpoint
CREATE INDEX "chat_messages_user_idx" ON "chat_messages" USING btree ("direct_id","user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chat_moderation_direct_idx" ON "chat_moderation" USING btree ("direct_id","id" DESC NULLS LAST);