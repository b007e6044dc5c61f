CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"transition" text NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"actor_role" text NOT NULL,
	"actor_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "state" text DEFAULT 'requested' NOT NULL;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","at");--> statement-breakpoint
-- Issue 31 (decision 048): every order's state, from what its columns and its phone said until now.
UPDATE "orders" o SET "state" = CASE
  WHEN o."paid" AND EXISTS (SELECT 1 FROM "payments" p JOIN "refunds" r ON r."payment_id" = p."transaction_id" WHERE p."order_id" = o."id") THEN 'refunded'
  WHEN o."paid" THEN 'paid'
  WHEN o."declined_at" IS NOT NULL THEN 'declined'
  WHEN o."cancelled_at" IS NOT NULL THEN 'cancelled'
  WHEN NOT EXISTS (SELECT 1 FROM "products" p WHERE p."id" = o."product_id" AND p."status" = 'available') THEN 'closed'
  WHEN o."accepted_at" IS NOT NULL THEN 'accepted'
  ELSE 'requested'
END;--> statement-breakpoint
-- A declined booking its buyer deleted was marked cancelled too: it stays declined (its buyer still cannot book the
-- phone again), only off their list.
UPDATE "orders" SET "hidden_at" = coalesce("hidden_at", "cancelled_at"), "cancelled_at" = NULL WHERE "state" = 'declined' AND "cancelled_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_state_check" CHECK (state in ('requested', 'accepted', 'declined', 'cancelled', 'paid', 'refunded', 'closed'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_state" CHECK ("orders"."paid" = ("orders"."state" in ('paid', 'refunded')));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_declined_state" CHECK (("orders"."declined_at" is not null) = ("orders"."state" = 'declined'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cancelled_state" CHECK (("orders"."cancelled_at" is not null) = ("orders"."state" = 'cancelled'));--> statement-breakpoint
-- Each existing deal's history as far as its columns tell it: its booking, its acceptance, and the move to where it
-- stands now (when that is not known, the migration's time).
INSERT INTO "order_events" ("order_id", "transition", "from_state", "to_state", "actor_role", "actor_id", "at")
SELECT "id", 'book', NULL, 'requested', 'buyer', "buyer_id", "created_at" FROM "orders";--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "transition", "from_state", "to_state", "actor_role", "actor_id", "at")
SELECT "id", 'accept', 'requested', 'accepted', 'seller', "seller_id", "accepted_at" FROM "orders" WHERE "accepted_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "transition", "from_state", "to_state", "actor_role", "actor_id", "at")
SELECT o."id",
  CASE o."state" WHEN 'declined' THEN 'decline' WHEN 'cancelled' THEN 'cancel' WHEN 'closed' THEN 'close' ELSE 'pay' END,
  CASE WHEN o."accepted_at" IS NOT NULL THEN 'accepted' ELSE 'requested' END,
  CASE o."state" WHEN 'refunded' THEN 'paid' ELSE o."state" END,
  CASE o."state" WHEN 'declined' THEN 'seller' WHEN 'closed' THEN 'site' ELSE 'buyer' END,
  CASE o."state" WHEN 'declined' THEN o."seller_id" WHEN 'closed' THEN NULL ELSE o."buyer_id" END,
  CASE o."state"
    WHEN 'declined' THEN o."declined_at"
    WHEN 'cancelled' THEN o."cancelled_at"
    WHEN 'closed' THEN now()
    ELSE coalesce((SELECT min(p."created_at") FROM "payments" p WHERE p."order_id" = o."id"), o."created_at")
  END
FROM "orders" o WHERE o."state" NOT IN ('requested', 'accepted');--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "transition", "from_state", "to_state", "actor_role", "actor_id", "at")
SELECT p."order_id", 'refund', 'paid', 'refunded', 'admin', r."requested_by", r."created_at"
FROM "orders" o JOIN "payments" p ON p."order_id" = o."id" JOIN "refunds" r ON r."payment_id" = p."transaction_id" WHERE o."state" = 'refunded';--> statement-breakpoint
-- A deal moves only along the process's transitions (packages/contract/src/deal.ts, allowedMoves; a test compares
-- the two), whoever writes to the database.
CREATE FUNCTION orders_follow_process() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD.state, NEW.state) NOT IN (('requested', 'accepted'), ('requested', 'declined'), ('accepted', 'declined'), ('requested', 'cancelled'), ('accepted', 'cancelled'), ('requested', 'paid'), ('accepted', 'paid'), ('requested', 'closed'), ('accepted', 'closed'), ('paid', 'refunded')) THEN
    RAISE EXCEPTION 'a deal cannot move from % to %', OLD.state, NEW.state USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_follow_process BEFORE UPDATE OF state ON orders FOR EACH ROW WHEN (OLD.state IS DISTINCT FROM NEW.state) EXECUTE FUNCTION orders_follow_process();--> statement-breakpoint
-- A deal's history is appended to and read, nothing else.
CREATE FUNCTION order_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'order_events is append-only: % of an event is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER order_events_append_only BEFORE UPDATE OR DELETE ON order_events FOR EACH ROW EXECUTE FUNCTION order_events_append_only();
