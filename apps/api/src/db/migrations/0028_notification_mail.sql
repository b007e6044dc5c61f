-- Notifications made before e-mails were sent are not mailed now: they start 'skipped', every later one 'due'.
ALTER TABLE "notifications" ADD COLUMN "mail" text DEFAULT 'skipped' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "mail" SET DEFAULT 'due';--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mail_off" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_mail_check" CHECK ("notifications"."mail" in ('due', 'queued', 'skipped'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_mail_off_check" CHECK ("users"."mail_off" <@ array['book', 'accept', 'decline', 'cancel', 'pay', 'close', 'refund']::text[]);
