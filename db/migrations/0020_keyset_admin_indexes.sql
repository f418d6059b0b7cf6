DROP INDEX "users_approval_created_idx";--> statement-breakpoint
DROP INDEX "place_suggestions_status_created_idx";--> statement-breakpoint
DROP INDEX "audit_log_admin_created_idx";--> statement-breakpoint
DROP INDEX "audit_log_action_created_idx";--> statement-breakpoint
DROP INDEX "reports_reporter_created_idx";--> statement-breakpoint
CREATE INDEX "users_admins_created_idx" ON "users" USING btree ("created_at","id") WHERE "users"."is_admin";--> statement-breakpoint
CREATE INDEX "newsletter_created_idx" ON "newsletter_subscriptions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_approval_created_idx" ON "users" USING btree ("approval_status","created_at","id");--> statement-breakpoint
CREATE INDEX "place_suggestions_status_created_idx" ON "place_suggestions" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_admin_created_idx" ON "audit_log" USING btree ("admin_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_created_idx" ON "audit_log" USING btree ("action","created_at","id");--> statement-breakpoint
CREATE INDEX "reports_reporter_created_idx" ON "reports" USING btree ("reporter_id","created_at","id");