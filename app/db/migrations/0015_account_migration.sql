ALTER TABLE "identities" ADD COLUMN "security_question" text;--> statement-breakpoint
ALTER TABLE "identities" ADD COLUMN "security_answer_hash" text;