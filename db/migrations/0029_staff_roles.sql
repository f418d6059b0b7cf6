CREATE TYPE "public"."user_role" AS ENUM('member', 'moderator', 'admin');--> statement-breakpoint
DROP INDEX "users_admins_created_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" "user_role" DEFAULT 'member' NOT NULL;--> statement-breakpoint
-- Every admin stays an admin; everyone else is a member.
UPDATE "users" SET "role" = 'admin' WHERE "is_admin";--> statement-breakpoint
-- Every entry so far was made by an admin.
ALTER TABLE "audit_log" ADD COLUMN "admin_role" "user_role" DEFAULT 'admin' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "admin_role" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "permission" text DEFAULT 'manage:content' NOT NULL;--> statement-breakpoint
-- The permission each earlier entry's procedure needs now (src/server/policies.ts), so moderators read the moderation part.
UPDATE "audit_log" SET "permission" = CASE
  WHEN "action" LIKE 'admin.moderation.%' THEN 'work:review_queue'
  WHEN "action" LIKE 'admin.reports.%' THEN 'work:reports'
  WHEN "action" LIKE 'admin.watchedWords.%' THEN 'manage:watched_words'
  WHEN "action" IN ('admin.users.suspend', 'admin.users.unsuspend') THEN 'suspend:member'
  WHEN "action" = 'content.forum.delete' THEN 'delete:forumPost:members'
  WHEN "action" = 'content.comments.delete' THEN 'delete:comment:members'
  WHEN "action" IN ('admin.users.pending', 'admin.users.setApproval') THEN 'manage:applications'
  WHEN "action" LIKE 'admin.users.%' THEN 'manage:accounts'
  WHEN "action" LIKE 'admin.admins.%' THEN 'manage:roles'
  WHEN "action" LIKE 'admin.newsletter.%' THEN 'manage:newsletter'
  ELSE 'manage:content'
END;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "permission" DROP DEFAULT;--> statement-breakpoint
-- Applications counted by week (0019_community_weeks.sql) are the accounts that are not admins: the same rows, read from the role.
DROP TRIGGER "users_keeps_weekly_applications_insert" ON "users";--> statement-breakpoint
DROP TRIGGER "users_keeps_weekly_applications_delete" ON "users";--> statement-breakpoint
DROP TRIGGER "users_keeps_weekly_applications_update" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_keeps_weekly_applications_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION bloom_keep_weekly_count('applications', 'role <> ''admin''', 'bloom_week_of(created_at)');--> statement-breakpoint
CREATE TRIGGER "users_keeps_weekly_applications_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION bloom_keep_weekly_count('applications', 'role <> ''admin''', 'bloom_week_of(created_at)');--> statement-breakpoint
CREATE TRIGGER "users_keeps_weekly_applications_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS deleted NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION bloom_keep_weekly_count('applications', 'role <> ''admin''', 'bloom_week_of(created_at)');--> statement-breakpoint
CREATE INDEX "users_staff_created_idx" ON "users" USING btree ("created_at","id") WHERE "users"."role" <> 'member';--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_admin";
