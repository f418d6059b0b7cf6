-- Members and admins from before email confirmation count as confirmed: they were approved by
-- an admin or made by the CLI or the seed. Applications still waiting stay unconfirmed.
UPDATE "users" SET "email_confirmed_at" = "created_at" WHERE "email_confirmed_at" IS NULL AND ("approval_status" = 'approved' OR "is_admin");
