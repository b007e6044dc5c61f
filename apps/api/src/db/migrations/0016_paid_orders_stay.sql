ALTER TABLE "orders" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
-- Money history stays, whoever is connected (the app, a script, a console): a paid order is never deleted
-- nor made unpaid (its buyer may only hide it from their list), and a payment record is never changed or deleted.
CREATE FUNCTION orders_keep_paid() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'a paid order is history: it cannot be deleted' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RAISE EXCEPTION 'a paid order stays paid' USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_keep_paid_delete BEFORE DELETE ON orders FOR EACH ROW WHEN (OLD.paid) EXECUTE FUNCTION orders_keep_paid();--> statement-breakpoint
CREATE TRIGGER orders_keep_paid_update BEFORE UPDATE OF paid ON orders FOR EACH ROW WHEN (OLD.paid AND NOT NEW.paid) EXECUTE FUNCTION orders_keep_paid();--> statement-breakpoint
CREATE FUNCTION payments_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'payments are history: % of a payment is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER payments_append_only BEFORE UPDATE OR DELETE ON payments FOR EACH ROW EXECUTE FUNCTION payments_append_only();
