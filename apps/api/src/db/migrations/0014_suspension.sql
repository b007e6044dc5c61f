ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_suspended_idx" ON "users" USING btree ("id") WHERE "users"."suspended_at" is not null;--> statement-breakpoint
-- A seller suspended or reinstated: each available phone of theirs leaves or rejoins the search index (decision 022).
CREATE TRIGGER users_suspension_search_changed AFTER UPDATE OF suspended_at ON users
  FOR EACH ROW WHEN (OLD.suspended_at IS DISTINCT FROM NEW.suspended_at) EXECUTE FUNCTION seller_search_changed();
