CREATE TABLE "dispute_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"from_role" text NOT NULL,
	"from_id" uuid,
	"to_role" text,
	"text" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispute_messages_to_check" CHECK (("dispute_messages"."from_role" = 'admin') = ("dispute_messages"."to_role" is not null))
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_mail_off_check";--> statement-breakpoint
ALTER TABLE "dispute_messages" ADD CONSTRAINT "dispute_messages_order_id_disputes_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."disputes"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dispute_messages_order_idx" ON "dispute_messages" USING btree ("order_id","at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_mail_off_check" CHECK ("users"."mail_off" <@ array['book', 'accept', 'decline', 'expire', 'cancel', 'pay', 'hand_over', 'complete', 'dispute', 'release', 'close', 'lock', 'call_off', 'refund', 'remind', 'review', 'report_dismissed', 'report_upheld', 'listing_removed', 'listings_suspended', 'listings_reinstated', 'dispute_question', 'payout_paid', 'payout_failed', 'payout_method_changed']::text[]);--> statement-breakpoint
-- Issue 32 (decision 052): a dispute's questions and answers are history, appended to and read.
CREATE FUNCTION dispute_messages_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'dispute_messages is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER dispute_messages_append_only BEFORE UPDATE OR DELETE ON dispute_messages FOR EACH ROW EXECUTE FUNCTION dispute_messages_append_only();
