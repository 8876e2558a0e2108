CREATE TABLE "company_users" (
	"idx" serial PRIMARY KEY NOT NULL,
	"company_idx" integer NOT NULL,
	"login_id" varchar(100) NOT NULL,
	"name" varchar(200) DEFAULT '' NOT NULL,
	"email" varchar(320) DEFAULT '' NOT NULL,
	"role" varchar(16) NOT NULL,
	"password_hash" text,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"company_login" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	CONSTRAINT "company_users_login_id_unique" UNIQUE("login_id"),
	CONSTRAINT "company_users_role" CHECK ("company_users"."role" in ('owner', 'accounting', 'editorial', 'viewer')),
	CONSTRAINT "company_users_status" CHECK ("company_users"."status" in ('active', 'suspended'))
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_idx" integer;--> statement-breakpoint
ALTER TABLE "company_users" ADD CONSTRAINT "company_users_company_idx_companies_idx_fk" FOREIGN KEY ("company_idx") REFERENCES "public"."companies"("idx") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_users_company" ON "company_users" USING btree ("company_idx","idx");--> statement-breakpoint
CREATE UNIQUE INDEX "company_users_one_company_login" ON "company_users" USING btree ("company_idx") WHERE "company_users"."company_login";--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_idx_company_users_idx_fk" FOREIGN KEY ("user_idx") REFERENCES "public"."company_users"("idx") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_idx");--> statement-breakpoint
-- (issue 58) every company's login is its first user, an owner: same id; its password stays in company_credentials
CREATE FUNCTION company_login_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO company_users (company_idx, login_id, name, email, role, status, company_login, created_at)
    VALUES (
      NEW.idx, NEW.id,
      coalesce(nullif(trim(concat_ws(' ', NEW.first_name, NEW.last_name)), ''), NEW.company_name),
      left(trim(split_part(NEW.email, ',', 1)), 320),
      'owner', 'active', true, NEW.created_at
    );
  ELSIF NEW.id IS DISTINCT FROM OLD.id THEN
    UPDATE company_users SET login_id = NEW.id WHERE company_idx = NEW.idx AND company_login;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER companies_login_user AFTER INSERT OR UPDATE OF id ON companies
  FOR EACH ROW EXECUTE FUNCTION company_login_user();
--> statement-breakpoint
INSERT INTO company_users (company_idx, login_id, name, email, role, status, company_login, created_at)
SELECT c.idx, c.id,
  coalesce(nullif(trim(concat_ws(' ', c.first_name, c.last_name)), ''), c.company_name),
  left(trim(split_part(c.email, ',', 1)), 320),
  'owner', 'active', true, c.created_at
FROM companies c ORDER BY c.idx;
--> statement-breakpoint
-- a token issued before users existed is the company's login user's
UPDATE sessions s SET user_idx = u.idx FROM company_users u WHERE u.company_idx = s.company_idx AND u.company_login;
