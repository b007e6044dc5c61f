CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"payment_id" text NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"requested_by" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_status_check" CHECK (("refunds"."status" = 'refunded') = ("refunds"."refunded_at" is not null and "refunds"."provider_refund_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "sandbox_intents" ADD COLUMN "refund_id" text;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."done_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_payment_key" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id","created_at");--> statement-breakpoint
-- A refund is history: never deleted, and once the provider confirmed it, never changed.
CREATE FUNCTION refunds_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'refunds are history: a refund cannot be deleted' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.status = 'refunded' THEN
    RAISE EXCEPTION 'refunds are history: a confirmed refund cannot change' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.order_id IS DISTINCT FROM OLD.order_id OR NEW.payment_id IS DISTINCT FROM OLD.payment_id OR NEW.amount IS DISTINCT FROM OLD.amount
     OR NEW.provider IS DISTINCT FROM OLD.provider THEN
    RAISE EXCEPTION 'refunds are history: what was refunded cannot change' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER refunds_keep BEFORE UPDATE OR DELETE ON refunds FOR EACH ROW EXECUTE FUNCTION refunds_keep();
--> statement-breakpoint
-- An order some money was given back for is history as a paid one is: never deleted (its buyer may hide it).
CREATE FUNCTION orders_keep_refunded() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM refunds WHERE order_id = OLD.id) THEN
    RAISE EXCEPTION 'an order with a refund is history: it cannot be deleted' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_keep_refunded BEFORE DELETE ON orders FOR EACH ROW WHEN (NOT OLD.paid) EXECUTE FUNCTION orders_keep_refunded();
