ALTER TABLE "orders" DROP CONSTRAINT "orders_state_check";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_mail_off_check";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_state_check" CHECK (state in ('requested', 'accepted', 'declined', 'expired', 'cancelled', 'paid', 'refunded', 'closed'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_mail_off_check" CHECK ("users"."mail_off" <@ array['book', 'accept', 'decline', 'expire', 'cancel', 'pay', 'close', 'refund']::text[]);--> statement-breakpoint
-- The answer timer's move (issue 31, item 4): a booking its seller did not answer in time expires. The guard of
-- 0025 lets it through (a test compares the pairs with packages/contract/src/deal.ts allowedMoves).
CREATE OR REPLACE FUNCTION orders_follow_process() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD.state, NEW.state) NOT IN (('requested', 'accepted'), ('requested', 'declined'), ('accepted', 'declined'), ('requested', 'expired'), ('requested', 'cancelled'), ('accepted', 'cancelled'), ('requested', 'paid'), ('accepted', 'paid'), ('requested', 'closed'), ('accepted', 'closed'), ('paid', 'refunded')) THEN
    RAISE EXCEPTION 'a deal cannot move from % to %', OLD.state, NEW.state USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
-- Bookings open before this release get their answer timer now, counted from their booking (at least an hour ahead,
-- so an old unanswered booking is not ended the moment the new release starts).
INSERT INTO "jobs" ("kind", "payload", "run_at")
SELECT 'deal-timer', jsonb_build_object('orderId', "id", 'timer', 'answer'), greatest("created_at" + interval '3 days', now() + interval '1 hour')
FROM "orders" WHERE "state" = 'requested';
