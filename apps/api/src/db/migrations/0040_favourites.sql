CREATE TABLE "favourites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"product_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_mail_off_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "params" jsonb;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "favourites_user_product_key" ON "favourites" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE INDEX "favourites_user_idx" ON "favourites" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "favourites_product_idx" ON "favourites" USING btree ("product_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_mail_off_check" CHECK ("users"."mail_off" <@ array['book', 'accept', 'decline', 'expire', 'cancel', 'pay', 'hand_over', 'complete', 'dispute', 'release', 'close', 'lock', 'call_off', 'refund', 'remind', 'review', 'report_dismissed', 'report_upheld', 'listing_removed', 'listings_suspended', 'listings_reinstated', 'dispute_question', 'payout_paid', 'payout_failed', 'payout_method_changed', 'messages', 'saved_price_drop', 'saved_sold']::text[]);