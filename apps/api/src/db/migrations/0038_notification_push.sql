-- Issue 33: a notification also reaches each browser of its person that takes notifications (Web Push): one push
-- job per subscription, queued in the statement that tells it, as its live-stream event is.
CREATE FUNCTION notifications_to_push() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO jobs (kind, payload)
  SELECT 'push', jsonb_build_object('subscriptionId', s.id, 'notificationId', NEW.id)
  FROM push_subscriptions s
  WHERE s.user_id = NEW.user_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER notifications_to_push AFTER INSERT ON notifications FOR EACH ROW EXECUTE FUNCTION notifications_to_push();
