DROP INDEX "outbox_due_idx";--> statement-breakpoint
-- Mails waiting in the outbox are sent by jobs from now on: one for each, due when its next attempt was.
INSERT INTO "jobs" ("kind", "payload", "run_at", "attempts") SELECT 'mail', jsonb_build_object('mailId', "id"), "next_attempt_at", "attempts" FROM "outbox" WHERE "status" = 'pending';--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "locked_by" uuid;--> statement-breakpoint
CREATE INDEX "jobs_done_idx" ON "jobs" USING btree ("done_at") WHERE "jobs"."done_at" is not null;--> statement-breakpoint
ALTER TABLE "outbox" DROP COLUMN "next_attempt_at";--> statement-breakpoint
ALTER TABLE "outbox" DROP COLUMN "locked_until";