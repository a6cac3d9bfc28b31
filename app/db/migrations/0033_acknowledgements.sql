-- Issue #40 §3: announcements that must be acknowledged, who acknowledged them, and the reminders sent.
CREATE TABLE "announcement_acknowledgements" (
	"identity_id" integer NOT NULL,
	"announcement_id" integer NOT NULL,
	"acknowledged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcement_acknowledgements_identity_id_announcement_id_pk" PRIMARY KEY("identity_id","announcement_id")
);
--> statement-breakpoint
CREATE TABLE "announcement_reminders" (
	"identity_id" integer NOT NULL,
	"announcement_id" integer NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "announcement_reminders_identity_id_announcement_id_pk" PRIMARY KEY("identity_id","announcement_id")
);
--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "requires_acknowledgement" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "announcement_acknowledgements" ADD CONSTRAINT "announcement_acknowledgements_identity_id_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_acknowledgements" ADD CONSTRAINT "announcement_acknowledgements_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_reminders" ADD CONSTRAINT "announcement_reminders_identity_id_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_reminders" ADD CONSTRAINT "announcement_reminders_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcement_acknowledgements_announcement_idx" ON "announcement_acknowledgements" USING btree ("announcement_id");