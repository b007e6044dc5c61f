CREATE TABLE "bkash_payments" (
	"payment_id" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"trx_id" text,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bkash_payments_trx_id_unique" UNIQUE("trx_id")
);
--> statement-breakpoint
CREATE TABLE "bkash_sandbox_payments" (
	"payment_id" text PRIMARY KEY NOT NULL,
	"app_key" text NOT NULL,
	"amount" text NOT NULL,
	"currency" text NOT NULL,
	"merchant_invoice_number" text NOT NULL,
	"payer_reference" text NOT NULL,
	"callback_url" text NOT NULL,
	"status" text DEFAULT 'Initiated' NOT NULL,
	"wallet" text,
	"wrong_pins" integer DEFAULT 0 NOT NULL,
	"trx_id" text,
	"executed_at" timestamp with time zone,
	"refund_trx_id" text,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bkash_sandbox_payments_trx_id_unique" UNIQUE("trx_id"),
	CONSTRAINT "bkash_sandbox_payments_refund_trx_id_unique" UNIQUE("refund_trx_id")
);
--> statement-breakpoint
CREATE INDEX "bkash_payments_order_idx" ON "bkash_payments" USING btree ("order_id");