CREATE TABLE "user_drafts" (
	"actor_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"data" jsonb NOT NULL,
	"base_stamp" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_drafts_actor_id_subject_id_pk" PRIMARY KEY("actor_id","subject_id")
);
--> statement-breakpoint
ALTER TABLE "user_drafts" ADD CONSTRAINT "user_drafts_actor_id_identities_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."identities"("id") ON DELETE cascade ON UPDATE no action;