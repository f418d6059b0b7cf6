CREATE TYPE "public"."site_locale" AS ENUM('en', 'ar-EG');--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale" "site_locale";