CREATE TABLE "book_catalogue" (
	"isbn13" char(13) PRIMARY KEY NOT NULL,
	"title" varchar(300) NOT NULL,
	"author" varchar(300) DEFAULT '' NOT NULL,
	"pub_nm" varchar(200) DEFAULT '' NOT NULL,
	"pub_date" date,
	"list_price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"page" integer,
	"cover_s_url" text DEFAULT '' NOT NULL,
	CONSTRAINT "book_catalogue_isbn13_digits" CHECK ("book_catalogue"."isbn13" ~ '^97[89][0-9]{10}$')
);
--> statement-breakpoint
CREATE TABLE "company_books" (
	"idx" serial PRIMARY KEY NOT NULL,
	"company_idx" integer NOT NULL,
	"isbn13" char(13) NOT NULL,
	"title" varchar(300) NOT NULL,
	"author" varchar(300) DEFAULT '' NOT NULL,
	"pub_nm" varchar(200) DEFAULT '' NOT NULL,
	"pub_date" date,
	"list_price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"page" integer,
	"cover_s_url" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_books_isbn13_digits" CHECK ("company_books"."isbn13" ~ '^97[89][0-9]{10}$'),
	CONSTRAINT "company_books_list_price_positive" CHECK ("company_books"."list_price" >= 0),
	CONSTRAINT "company_books_page_positive" CHECK ("company_books"."page" is null or "company_books"."page" >= 0)
);
--> statement-breakpoint
ALTER TABLE "company_books" ADD CONSTRAINT "company_books_company_idx_companies_idx_fk" FOREIGN KEY ("company_idx") REFERENCES "public"."companies"("idx") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_books_company_isbn" ON "company_books" USING btree ("company_idx","isbn13");--> statement-breakpoint
CREATE INDEX "company_books_company_idx" ON "company_books" USING btree ("company_idx","idx");