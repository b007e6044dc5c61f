CREATE TABLE "price_guide" (
	"phone_model_id" uuid NOT NULL,
	"storage_gb" integer NOT NULL,
	"condition" "condition" NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"sales_low" integer,
	"sales_median" integer,
	"sales_high" integer,
	"asking" integer DEFAULT 0 NOT NULL,
	"asking_low" integer,
	"asking_median" integer,
	"asking_high" integer,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_guide_phone_model_id_storage_gb_condition_pk" PRIMARY KEY("phone_model_id","storage_gb","condition")
);
--> statement-breakpoint
ALTER TABLE "price_guide" ADD CONSTRAINT "price_guide_phone_model_id_phone_models_id_fk" FOREIGN KEY ("phone_model_id") REFERENCES "public"."phone_models"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_guide_counted_idx" ON "price_guide" USING btree ("counted_at");