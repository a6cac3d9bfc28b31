CREATE TABLE "ended_sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"identity_id" integer NOT NULL,
	"ended_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer,
	"location" text
);
--> statement-breakpoint
CREATE TABLE "form_rescues" (
	"id" serial PRIMARY KEY NOT NULL,
	"identity_id" integer NOT NULL,
	"path" text NOT NULL,
	"sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "form_rescues" ADD CONSTRAINT "form_rescues_identity_id_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ended_sessions_ended_idx" ON "ended_sessions" USING btree ("ended_at");--> statement-breakpoint
CREATE INDEX "form_keys_created_idx" ON "form_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "form_rescues_identity_idx" ON "form_rescues" USING btree ("identity_id","path");--> statement-breakpoint
-- Every deletion of a signed-in session leaves whose it was (by a hash of its id), however it ended.
CREATE FUNCTION remember_ended_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.identity_id IS NOT NULL THEN
    INSERT INTO ended_sessions (id_hash, identity_id)
    VALUES (encode(sha256(convert_to(OLD.id, 'UTF8')), 'hex'), OLD.identity_id)
    ON CONFLICT (id_hash) DO NOTHING;
  END IF;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_remember_ended AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION remember_ended_session();
