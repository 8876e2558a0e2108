CREATE TABLE "file_blobs" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
