CREATE TABLE "bkash_sandbox_payouts" (
	"invoice" text PRIMARY KEY NOT NULL,
	"receiver" text NOT NULL,
	"amount" text NOT NULL,
	"trx_id" text NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bkash_sandbox_payouts_trx_id_unique" UNIQUE("trx_id")
);
--> statement-breakpoint
CREATE TABLE "payout_methods" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"wallet" text,
	"account_name" text,
	"account_number" text,
	"bank_name" text,
	"routing_number" text,
	"confirmed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_methods_kind_check" CHECK (("payout_methods"."kind" = 'bkash' and "payout_methods"."wallet" is not null and "payout_methods"."account_number" is null) or ("payout_methods"."kind" = 'bank' and "payout_methods"."wallet" is null and "payout_methods"."account_name" is not null and "payout_methods"."account_number" is not null and "payout_methods"."bank_name" is not null and "payout_methods"."routing_number" is not null))
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"method" text NOT NULL,
	"destination" jsonb NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"cause" text NOT NULL,
	"provider_ref" text,
	"batch_id" uuid,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount" > 0),
	CONSTRAINT "payouts_settled_check" CHECK (("payouts"."state" in ('paid', 'failed')) = ("payouts"."settled_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "phone_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"number" text NOT NULL,
	"code_hash" text NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"to_number" text NOT NULL,
	"body" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"reference" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_sandbox_messages" (
	"csms_id" text PRIMARY KEY NOT NULL,
	"msisdn" text NOT NULL,
	"body" text NOT NULL,
	"reference_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_mail_off_check";--> statement-breakpoint
ALTER TABLE "bkash_sandbox_payments" ADD COLUMN "refund_amount" text;--> statement-breakpoint
ALTER TABLE "sandbox_intents" ADD COLUMN "refund_amount" integer;--> statement-breakpoint
ALTER TABLE "payout_methods" ADD CONSTRAINT "payout_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_codes" ADD CONSTRAINT "phone_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_seller_idx" ON "payouts" USING btree ("seller_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_one_open_per_seller" ON "payouts" USING btree ("seller_id") WHERE "payouts"."state" in ('requested', 'sending');--> statement-breakpoint
CREATE INDEX "payouts_state_idx" ON "payouts" USING btree ("state","method");--> statement-breakpoint
CREATE INDEX "phone_codes_user_idx" ON "phone_codes" USING btree ("user_id","purpose","created_at");--> statement-breakpoint
CREATE INDEX "sms_messages_created_idx" ON "sms_messages" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_mail_off_check" CHECK ("users"."mail_off" <@ array['book', 'accept', 'decline', 'expire', 'cancel', 'pay', 'hand_over', 'complete', 'dispute', 'release', 'close', 'lock', 'call_off', 'refund', 'remind', 'review', 'report_dismissed', 'report_upheld', 'listing_removed', 'listings_suspended', 'listings_reinstated', 'payout_paid', 'payout_failed', 'payout_method_changed']::text[]);--> statement-breakpoint
-- Issue 32 (decision 052): a payout is history. Never deleted; what it pays and where never changes; it moves
-- requested → sending → paid or failed (requested → failed or paid too), never back.
CREATE FUNCTION payouts_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'payouts are history: DELETE is not allowed' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF (NEW.id, NEW.seller_id, NEW.amount, NEW.method, NEW.destination, NEW.cause, NEW.created_at) IS DISTINCT FROM
     (OLD.id, OLD.seller_id, OLD.amount, OLD.method, OLD.destination, OLD.cause, OLD.created_at)
     OR OLD.state IN ('paid', 'failed')
     OR (OLD.state = 'sending' AND NEW.state = 'requested') THEN
    RAISE EXCEPTION 'payouts are history: a % payout cannot become %, nor change what it pays', OLD.state, NEW.state USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER payouts_kept BEFORE UPDATE OR DELETE ON payouts FOR EACH ROW EXECUTE FUNCTION payouts_kept();--> statement-breakpoint
-- The stand-ins' refunds were all in full before they could be partial.
UPDATE sandbox_intents SET refund_amount = amount WHERE refund_id IS NOT NULL;--> statement-breakpoint
UPDATE bkash_sandbox_payments SET refund_amount = amount WHERE refund_trx_id IS NOT NULL;
