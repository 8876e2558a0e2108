CREATE TABLE "company_contact_persons" (
	"contact_person_idx" serial PRIMARY KEY NOT NULL,
	"company_idx" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"department" varchar(100) DEFAULT '' NOT NULL,
	"position" varchar(100) DEFAULT '' NOT NULL,
	"email" varchar(200) NOT NULL,
	"telephone" varchar(50) DEFAULT '' NOT NULL,
	"mobile" varchar(50) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_addresses" (
	"customer_address_idx" serial PRIMARY KEY NOT NULL,
	"company_idx" integer NOT NULL,
	"address_name" varchar(100) NOT NULL,
	"country" char(3) NOT NULL,
	"zipcode" varchar(20) NOT NULL,
	"address_line1" varchar(45) NOT NULL,
	"address_line2" varchar(45) DEFAULT '' NOT NULL,
	"city" varchar(100) DEFAULT '' NOT NULL,
	"state" varchar(100) DEFAULT '' NOT NULL,
	"telephone" varchar(50) NOT NULL,
	"fax" varchar(50) DEFAULT '' NOT NULL,
	"default_yn" varchar(1) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_addresses_default_yn" CHECK ("customer_addresses"."default_yn" in ('Y', ''))
);
--> statement-breakpoint
ALTER TABLE "company_contact_persons" ADD CONSTRAINT "company_contact_persons_company_idx_companies_idx_fk" FOREIGN KEY ("company_idx") REFERENCES "public"."companies"("idx") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD CONSTRAINT "customer_addresses_company_idx_companies_idx_fk" FOREIGN KEY ("company_idx") REFERENCES "public"."companies"("idx") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD CONSTRAINT "customer_addresses_country_countries_code_3_fk" FOREIGN KEY ("country") REFERENCES "public"."countries"("code_3") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_contact_persons_company_idx" ON "company_contact_persons" USING btree ("company_idx","contact_person_idx");--> statement-breakpoint
CREATE INDEX "customer_addresses_company_idx" ON "customer_addresses" USING btree ("company_idx","customer_address_idx");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_addresses_one_default" ON "customer_addresses" USING btree ("company_idx") WHERE "customer_addresses"."default_yn" = 'Y';