-- Issue 31 (decision 048): the deal's state alone says where it stands. `paid`, `declined_at` and `cancelled_at`
-- said the same (0025's CHECKs held them equal); their times live on in order_events. First the guards that read
-- `paid` read the state: a paid or refunded order is never deleted, an unpaid one not while a refund was made for
-- it (0025's trigger already keeps a paid order paid: it moves only on to refunded).
DROP TRIGGER "orders_keep_paid_update" ON "orders";--> statement-breakpoint
DROP TRIGGER "orders_keep_paid_delete" ON "orders";--> statement-breakpoint
DROP TRIGGER "orders_keep_refunded" ON "orders";--> statement-breakpoint
CREATE TRIGGER "orders_keep_paid_delete" BEFORE DELETE ON "orders" FOR EACH ROW WHEN (OLD.state IN ('paid', 'refunded')) EXECUTE FUNCTION orders_keep_paid();--> statement-breakpoint
CREATE TRIGGER "orders_keep_refunded" BEFORE DELETE ON "orders" FOR EACH ROW WHEN (OLD.state NOT IN ('paid', 'refunded')) EXECUTE FUNCTION orders_keep_refunded();--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_paid_state";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_declined_state";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_cancelled_state";--> statement-breakpoint
DROP INDEX "orders_one_open_per_buyer_product";--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_open_per_buyer_product" ON "orders" USING btree ("buyer_id","product_id") WHERE "orders"."state" in ('requested', 'accepted', 'declined', 'closed');--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "paid";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "declined_at";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "cancelled_at";--> statement-breakpoint
-- The order events were written in, for a deal's timeline: two moves in one transaction share their `at`. The
-- events 0025 wrote get theirs by time, and within one time in the order of the process (a booking before its
-- acceptance, before where it ended, before a refund), once, with the append-only guard stepped aside for it.
DROP INDEX "order_events_order_idx";--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "order_events" DISABLE TRIGGER "order_events_append_only";--> statement-breakpoint
UPDATE "order_events" e SET "seq" = n."rn" FROM (
  SELECT "id", row_number() OVER (ORDER BY "at", CASE "transition" WHEN 'book' THEN 0 WHEN 'accept' THEN 1 WHEN 'refund' THEN 3 ELSE 2 END, "id") AS "rn" FROM "order_events"
) n WHERE e."id" = n."id";--> statement-breakpoint
ALTER TABLE "order_events" ENABLE TRIGGER "order_events_append_only";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('order_events', 'seq'), coalesce((SELECT max("seq") FROM "order_events"), 0) + 1, false);--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","seq");
