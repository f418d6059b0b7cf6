ALTER TYPE "public"."token_purpose" ADD VALUE 'email_confirm';--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "job" jsonb;