CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"query" jsonb NOT NULL,
	"query_key" text NOT NULL,
	"frequency" text NOT NULL,
	"anchor" text NOT NULL,
	"words" text[] NOT NULL,
	"categories" uuid[] NOT NULL,
	"conditions" text[] NOT NULL,
	"min_price" integer,
	"max_price" integer,
	"area" text,
	"district" text,
	"division" text,
	"verified" boolean NOT NULL,
	"storage" integer[] NOT NULL,
	"min_battery" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"digest_at" timestamp with time zone,
	CONSTRAINT "saved_searches_frequency_check" CHECK ("saved_searches"."frequency" in ('instant', 'daily'))
);
--> statement-breakpoint
CREATE TABLE "search_alerts" (
	"saved_search_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"price" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"told_at" timestamp with time zone,
	CONSTRAINT "search_alerts_saved_search_id_product_id_pk" PRIMARY KEY("saved_search_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_mail_off_check";--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_alerts" ADD CONSTRAINT "search_alerts_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_alerts" ADD CONSTRAINT "search_alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_user_query_key" ON "saved_searches" USING btree ("user_id","query_key");--> statement-breakpoint
CREATE INDEX "saved_searches_anchor_idx" ON "saved_searches" USING btree ("anchor");--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "search_alerts_untold_idx" ON "search_alerts" USING btree ("saved_search_id") WHERE "search_alerts"."told_at" is null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_mail_off_check" CHECK ("users"."mail_off" <@ array['book', 'accept', 'decline', 'expire', 'cancel', 'pay', 'hand_over', 'complete', 'dispute', 'release', 'close', 'lock', 'call_off', 'refund', 'remind', 'review', 'report_dismissed', 'report_upheld', 'listing_removed', 'listings_suspended', 'listings_reinstated', 'dispute_question', 'payout_paid', 'payout_failed', 'payout_method_changed', 'messages', 'saved_price_drop', 'saved_sold', 'search_alert']::text[]);