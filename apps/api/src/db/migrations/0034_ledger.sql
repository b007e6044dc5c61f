CREATE TABLE "ledger_accounts" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"owner_id" uuid,
	"balance" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_accounts_kind_check" CHECK (kind in ('provider', 'held', 'seller', 'payouts', 'refunds', 'fees', 'adjustments'))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cause" text NOT NULL,
	"cause_id" text NOT NULL,
	"order_id" uuid,
	"memo" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_cause_check" CHECK (cause in ('payment', 'completion', 'refund', 'refund_paid', 'payout', 'payout_paid', 'payout_failed', 'adjustment'))
);
--> statement-breakpoint
CREATE TABLE "ledger_lines" (
	"entry_id" uuid NOT NULL,
	"account" text NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "ledger_lines_entry_id_account_pk" PRIMARY KEY("entry_id","account"),
	CONSTRAINT "ledger_lines_amount_check" CHECK ("ledger_lines"."amount" <> 0)
);
--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "refund_amount" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_account_ledger_accounts_key_fk" FOREIGN KEY ("account") REFERENCES "public"."ledger_accounts"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_cause_key" ON "ledger_entries" USING btree ("cause","cause_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_order_idx" ON "ledger_entries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "ledger_lines_account_idx" ON "ledger_lines" USING btree ("account","entry_id");--> statement-breakpoint
CREATE INDEX "orders_seller_idx" ON "orders" USING btree ("seller_id","created_at","id");--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_split_check" CHECK (("disputes"."decision" = 'split') = ("disputes"."refund_amount" is not null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fee_check" CHECK ("orders"."fee" between 0 and "orders"."product_price" * 100);--> statement-breakpoint
-- Issue 32, decision 052: the books. An account's balance follows its lines (kept here, in the line's own statement).
CREATE FUNCTION ledger_lines_post() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_accounts SET balance = balance + NEW.amount WHERE key = NEW.account;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER ledger_lines_post AFTER INSERT ON ledger_lines FOR EACH ROW EXECUTE FUNCTION ledger_lines_post();--> statement-breakpoint
-- Every entry balances, and has lines: checked when its transaction commits (its lines are written after it).
CREATE FUNCTION ledger_check_entry(entry uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  lines int;
  total bigint;
BEGIN
  SELECT count(*), coalesce(sum(amount), 0) INTO lines, total FROM ledger_lines WHERE entry_id = entry;
  IF lines < 2 OR total <> 0 THEN
    RAISE EXCEPTION 'ledger entry % does not balance: % lines summing to %', entry, lines, total USING ERRCODE = 'check_violation';
  END IF;
END
$$;--> statement-breakpoint
CREATE FUNCTION ledger_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_check_entry(NEW.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION ledger_line_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_check_entry(NEW.entry_id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_entry_balanced();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_lines_balanced AFTER INSERT ON ledger_lines DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_line_balanced();--> statement-breakpoint
-- The books are appended to and read, nothing else; an account stays what it is.
CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % of % is not allowed', TG_OP, TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_append_only();--> statement-breakpoint
CREATE TRIGGER ledger_lines_append_only BEFORE UPDATE OR DELETE ON ledger_lines FOR EACH ROW EXECUTE FUNCTION ledger_append_only();--> statement-breakpoint
CREATE TRIGGER ledger_accounts_kept BEFORE DELETE ON ledger_accounts FOR EACH ROW EXECUTE FUNCTION ledger_append_only();--> statement-breakpoint
CREATE TRIGGER ledger_accounts_stay BEFORE UPDATE OF key, kind, owner_id ON ledger_accounts FOR EACH ROW
  WHEN (OLD.key IS DISTINCT FROM NEW.key OR OLD.kind IS DISTINCT FROM NEW.kind OR OLD.owner_id IS DISTINCT FROM NEW.owner_id)
  EXECUTE FUNCTION ledger_append_only();--> statement-breakpoint
-- The books open on the history: each payment held for its seller (through the provider that took it), each
-- completed protected deal's money the seller's (no fee was taken then), each refund owed and, once confirmed, paid.
CREATE TEMP TABLE opening_payments AS
  SELECT p.transaction_id, p.order_id, p.created_at, p.product_price::bigint * 100 AS amount, o.state,
    coalesce(o.seller_id, '00000000-0000-0000-0000-000000000000') AS seller_id,
    CASE WHEN EXISTS (SELECT 1 FROM bkash_payments b WHERE b.trx_id = p.transaction_id) THEN 'bkash'
         WHEN EXISTS (SELECT 1 FROM sandbox_intents s WHERE s.id = p.transaction_id) THEN 'sandbox'
         ELSE 'stripe' END AS provider
  FROM payments p JOIN orders o ON o.id = p.order_id;--> statement-breakpoint
INSERT INTO ledger_accounts (key, kind, owner_id)
  SELECT DISTINCT 'provider:' || provider, 'provider', NULL::uuid FROM opening_payments
  UNION SELECT DISTINCT 'provider:' || provider, 'provider', NULL::uuid FROM refunds
  UNION SELECT DISTINCT 'held:' || seller_id, 'held', seller_id FROM opening_payments
  UNION SELECT DISTINCT 'seller:' || seller_id, 'seller', seller_id FROM opening_payments WHERE state = 'completed'
  UNION SELECT 'refunds', 'refunds', NULL::uuid WHERE EXISTS (SELECT 1 FROM refunds);--> statement-breakpoint
WITH e AS (
  INSERT INTO ledger_entries (cause, cause_id, order_id, memo, at)
  SELECT 'payment', transaction_id, order_id, 'before the ledger', created_at FROM opening_payments RETURNING id, cause_id
)
INSERT INTO ledger_lines (entry_id, account, amount)
  SELECT e.id, x.account, x.amount FROM e JOIN opening_payments p ON p.transaction_id = e.cause_id
  CROSS JOIN LATERAL (VALUES ('provider:' || p.provider, -p.amount), ('held:' || p.seller_id, p.amount)) x(account, amount);--> statement-breakpoint
WITH e AS (
  INSERT INTO ledger_entries (cause, cause_id, order_id, memo, at)
  SELECT 'completion', order_id::text, order_id, 'before the ledger', created_at FROM opening_payments WHERE state = 'completed' RETURNING id, order_id
)
INSERT INTO ledger_lines (entry_id, account, amount)
  SELECT e.id, x.account, x.amount FROM e JOIN opening_payments p ON p.order_id = e.order_id
  CROSS JOIN LATERAL (VALUES ('held:' || p.seller_id, -p.amount), ('seller:' || p.seller_id, p.amount)) x(account, amount);--> statement-breakpoint
WITH e AS (
  INSERT INTO ledger_entries (cause, cause_id, order_id, memo, at)
  SELECT 'refund', id::text, order_id, reason, created_at FROM refunds RETURNING id, cause_id
)
INSERT INTO ledger_lines (entry_id, account, amount)
  SELECT e.id, x.account, x.amount FROM e JOIN refunds r ON r.id::text = e.cause_id
  LEFT JOIN opening_payments p ON p.transaction_id = r.payment_id
  CROSS JOIN LATERAL (VALUES (CASE WHEN p.seller_id IS NULL THEN 'provider:' || r.provider ELSE 'held:' || p.seller_id END, -r.amount::bigint), ('refunds', r.amount::bigint)) x(account, amount);--> statement-breakpoint
WITH e AS (
  INSERT INTO ledger_entries (cause, cause_id, order_id, memo, at)
  SELECT 'refund_paid', id::text, order_id, provider_refund_id, refunded_at FROM refunds WHERE status = 'refunded' RETURNING id, cause_id
)
INSERT INTO ledger_lines (entry_id, account, amount)
  SELECT e.id, x.account, x.amount FROM e JOIN refunds r ON r.id::text = e.cause_id
  CROSS JOIN LATERAL (VALUES ('refunds', -r.amount::bigint), ('provider:' || r.provider, r.amount::bigint)) x(account, amount);
--> statement-breakpoint
DROP TABLE opening_payments;
