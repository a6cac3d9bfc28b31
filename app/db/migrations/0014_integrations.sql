CREATE TABLE "integration_errors" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"organization_id" integer,
	"serial_number" text,
	"integration_type" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"function_name" text NOT NULL,
	"log_group" text NOT NULL,
	"log_stream" text NOT NULL,
	"message" text NOT NULL,
	"error_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_pushes" (
	"subject_kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"target" text NOT NULL,
	"state" text NOT NULL,
	"generation" integer DEFAULT 1 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "integration_pushes_subject_kind_subject_id_target_pk" PRIMARY KEY("subject_kind","subject_id","target")
);
--> statement-breakpoint
CREATE INDEX "integration_errors_date_idx" ON "integration_errors" USING btree ("error_date");--> statement-breakpoint
CREATE INDEX "integration_errors_subject_idx" ON "integration_errors" USING btree ("subject_kind","subject_id");--> statement-breakpoint
CREATE INDEX "integration_pushes_due_idx" ON "integration_pushes" USING btree ("state","next_attempt_at");