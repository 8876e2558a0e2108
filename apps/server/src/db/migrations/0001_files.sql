CREATE TABLE "stored_files" (
	"idx" serial PRIMARY KEY NOT NULL,
	"upload_path" varchar(50) NOT NULL,
	"company_idx" integer,
	"ref_idx" integer,
	"name" varchar(200) NOT NULL,
	"extension" varchar(20) NOT NULL,
	"size" bigint NOT NULL,
	"mime" varchar(100) NOT NULL,
	"storage_key" varchar(200) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_company_idx_companies_idx_fk" FOREIGN KEY ("company_idx") REFERENCES "public"."companies"("idx") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stored_files_owner" ON "stored_files" USING btree ("upload_path","company_idx","ref_idx");--> statement-breakpoint
CREATE INDEX "stored_files_name" ON "stored_files" USING btree ("upload_path","name","extension");