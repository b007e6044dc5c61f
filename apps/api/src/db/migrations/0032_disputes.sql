CREATE TABLE "disputes" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"text" text NOT NULL,
	"photos" jsonb NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decision" text,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	CONSTRAINT "disputes_reason_check" CHECK (reason in ('not_as_described', 'not_working', 'locked_to_account', 'not_deregistered', 'other')),
	CONSTRAINT "disputes_photos_check" CHECK (jsonb_array_length("disputes"."photos") <= 4),
	CONSTRAINT "disputes_decided_check" CHECK (("disputes"."decision" is null) = ("disputes"."decided_at" is null))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_state_check";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_mail_off_check";--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disputes_open_idx" ON "disputes" USING btree ("opened_at") WHERE "disputes"."decision" is null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_state_check" CHECK (state in ('requested', 'accepted', 'declined', 'expired', 'cancelled', 'paid', 'handed_over', 'disputed', 'completed', 'refunded', 'closed', 'locked'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_mail_off_check" CHECK ("users"."mail_off" <@ array['book', 'accept', 'decline', 'expire', 'cancel', 'pay', 'hand_over', 'complete', 'dispute', 'release', 'close', 'lock', 'call_off', 'refund']::text[]);--> statement-breakpoint
-- Issue 31 (decision 051): the dispute. The moves of packages/contract/src/deal.ts (a test compares the pairs).
CREATE OR REPLACE FUNCTION orders_follow_process() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD.state, NEW.state) NOT IN (('requested', 'accepted'), ('requested', 'declined'), ('accepted', 'declined'), ('requested', 'expired'), ('requested', 'cancelled'), ('accepted', 'cancelled'), ('requested', 'paid'), ('accepted', 'paid'), ('accepted', 'handed_over'), ('paid', 'handed_over'), ('handed_over', 'completed'), ('handed_over', 'disputed'), ('disputed', 'completed'), ('requested', 'closed'), ('accepted', 'closed'), ('accepted', 'locked'), ('paid', 'locked'), ('paid', 'cancelled'), ('locked', 'cancelled'), ('paid', 'refunded'), ('handed_over', 'refunded'), ('disputed', 'refunded'), ('completed', 'refunded'), ('locked', 'refunded')) THEN
    RAISE EXCEPTION 'a deal cannot move from % to %', OLD.state, NEW.state USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER "orders_keep_paid_delete" ON "orders";--> statement-breakpoint
DROP TRIGGER "orders_keep_refunded" ON "orders";--> statement-breakpoint
CREATE TRIGGER "orders_keep_paid_delete" BEFORE DELETE ON "orders" FOR EACH ROW WHEN (OLD.state IN ('paid', 'handed_over', 'disputed', 'completed', 'refunded', 'locked')) EXECUTE FUNCTION orders_keep_paid();--> statement-breakpoint
CREATE TRIGGER "orders_keep_refunded" BEFORE DELETE ON "orders" FOR EACH ROW WHEN (OLD.state NOT IN ('paid', 'handed_over', 'disputed', 'completed', 'refunded', 'locked')) EXECUTE FUNCTION orders_keep_refunded();--> statement-breakpoint
-- A dispute is kept for good: never deleted; what the buyer said never changes; the Admin's decision is made once.
CREATE FUNCTION disputes_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'disputes are history: DELETE is not allowed' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.decision IS NOT NULL OR (NEW.reason, NEW.text, NEW.photos, NEW.opened_at) IS DISTINCT FROM (OLD.reason, OLD.text, OLD.photos, OLD.opened_at) THEN
    RAISE EXCEPTION 'disputes are history: only the decision is written, once' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER disputes_kept BEFORE UPDATE OR DELETE ON disputes FOR EACH ROW EXECUTE FUNCTION disputes_kept();
