CREATE TABLE "copyright_book_day_sums" (
	"company_idx" integer NOT NULL,
	"day" date NOT NULL,
	"pay_type" varchar(4) NOT NULL,
	"cnt" integer NOT NULL,
	CONSTRAINT "copyright_book_day_sums_pk" PRIMARY KEY("company_idx","day","pay_type")
);
--> statement-breakpoint
CREATE TABLE "copyright_book_month_sums" (
	"company_idx" integer NOT NULL,
	"month" date NOT NULL,
	"pay_type" varchar(4) NOT NULL,
	"cnt" integer NOT NULL,
	CONSTRAINT "copyright_book_month_sums_pk" PRIMARY KEY("company_idx","month","pay_type")
);
--> statement-breakpoint
CREATE TABLE "bbs_post_counts" (
	"board_idx" integer NOT NULL,
	"division" varchar(10) NOT NULL,
	"cnt" integer NOT NULL,
	CONSTRAINT "bbs_post_counts_board_idx_division_pk" PRIMARY KEY("board_idx","division")
);
--> statement-breakpoint
CREATE TABLE "help_file_counts" (
	"customer_type" varchar(20) PRIMARY KEY NOT NULL,
	"cnt" integer NOT NULL
);

--> statement-breakpoint
CREATE FUNCTION bbs_post_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO bbs_post_counts AS s (board_idx, division, cnt)
      SELECT board_idx, division, sum(c)::int FROM (SELECT r.board_idx AS board_idx, d.division AS division, 1 AS c FROM new_rows r CROSS JOIN LATERAL (SELECT DISTINCT unnest(r.company_division) AS division) d) x
      GROUP BY board_idx, division HAVING sum(c) <> 0
      ON CONFLICT (board_idx, division) DO UPDATE SET cnt = s.cnt + excluded.cnt;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO bbs_post_counts AS s (board_idx, division, cnt)
      SELECT board_idx, division, sum(c)::int FROM (SELECT r.board_idx AS board_idx, d.division AS division, -1 AS c FROM old_rows r CROSS JOIN LATERAL (SELECT DISTINCT unnest(r.company_division) AS division) d) x
      GROUP BY board_idx, division HAVING sum(c) <> 0
      ON CONFLICT (board_idx, division) DO UPDATE SET cnt = s.cnt + excluded.cnt;
  ELSE
    INSERT INTO bbs_post_counts AS s (board_idx, division, cnt)
      SELECT board_idx, division, sum(c)::int FROM (SELECT r.board_idx AS board_idx, d.division AS division, -1 AS c FROM old_rows r CROSS JOIN LATERAL (SELECT DISTINCT unnest(r.company_division) AS division) d UNION ALL SELECT r.board_idx AS board_idx, d.division AS division, 1 AS c FROM new_rows r CROSS JOIN LATERAL (SELECT DISTINCT unnest(r.company_division) AS division) d) x
      GROUP BY board_idx, division HAVING sum(c) <> 0
      ON CONFLICT (board_idx, division) DO UPDATE SET cnt = s.cnt + excluded.cnt;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER bbs_posts_counts_ins AFTER INSERT ON bbs_posts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bbs_post_counts_apply();
--> statement-breakpoint
CREATE TRIGGER bbs_posts_counts_del AFTER DELETE ON bbs_posts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bbs_post_counts_apply();
--> statement-breakpoint
CREATE TRIGGER bbs_posts_counts_upd AFTER UPDATE ON bbs_posts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bbs_post_counts_apply();
--> statement-breakpoint
INSERT INTO bbs_post_counts AS s (board_idx, division, cnt)
      SELECT board_idx, division, sum(c)::int FROM (SELECT r.board_idx AS board_idx, d.division AS division, 1 AS c FROM bbs_posts r CROSS JOIN LATERAL (SELECT DISTINCT unnest(r.company_division) AS division) d) x
      GROUP BY board_idx, division HAVING sum(c) <> 0
      ON CONFLICT (board_idx, division) DO UPDATE SET cnt = s.cnt + excluded.cnt;
--> statement-breakpoint
CREATE FUNCTION help_file_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO help_file_counts AS s (customer_type, cnt)
      SELECT customer_type, sum(c)::int FROM (SELECT r.customer_type AS customer_type, 1 AS c FROM new_rows r) x
      GROUP BY customer_type HAVING sum(c) <> 0
      ON CONFLICT (customer_type) DO UPDATE SET cnt = s.cnt + excluded.cnt;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO help_file_counts AS s (customer_type, cnt)
      SELECT customer_type, sum(c)::int FROM (SELECT r.customer_type AS customer_type, -1 AS c FROM old_rows r) x
      GROUP BY customer_type HAVING sum(c) <> 0
      ON CONFLICT (customer_type) DO UPDATE SET cnt = s.cnt + excluded.cnt;
  ELSE
    INSERT INTO help_file_counts AS s (customer_type, cnt)
      SELECT customer_type, sum(c)::int FROM (SELECT r.customer_type AS customer_type, -1 AS c FROM old_rows r UNION ALL SELECT r.customer_type AS customer_type, 1 AS c FROM new_rows r) x
      GROUP BY customer_type HAVING sum(c) <> 0
      ON CONFLICT (customer_type) DO UPDATE SET cnt = s.cnt + excluded.cnt;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER help_files_counts_ins AFTER INSERT ON help_files
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION help_file_counts_apply();
--> statement-breakpoint
CREATE TRIGGER help_files_counts_del AFTER DELETE ON help_files
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION help_file_counts_apply();
--> statement-breakpoint
CREATE TRIGGER help_files_counts_upd AFTER UPDATE ON help_files
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION help_file_counts_apply();
--> statement-breakpoint
INSERT INTO help_file_counts AS s (customer_type, cnt)
      SELECT customer_type, sum(c)::int FROM (SELECT r.customer_type AS customer_type, 1 AS c FROM help_files r) x
      GROUP BY customer_type HAVING sum(c) <> 0
      ON CONFLICT (customer_type) DO UPDATE SET cnt = s.cnt + excluded.cnt;
--> statement-breakpoint
CREATE FUNCTION copyright_book_sums_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO copyright_book_day_sums AS s (company_idx, day, pay_type, cnt)
      SELECT r.company_idx, r.publication_date, r.pay_type, -count(*)::int
      FROM old_rows r
      GROUP BY 1, 2, 3
      ON CONFLICT (company_idx, day, pay_type) DO UPDATE SET cnt = s.cnt + excluded.cnt;
    INSERT INTO copyright_book_month_sums AS s (company_idx, month, pay_type, cnt)
      SELECT r.company_idx, date_trunc('month', r.publication_date)::date, r.pay_type, -count(*)::int
      FROM old_rows r
      GROUP BY 1, 2, 3
      ON CONFLICT (company_idx, month, pay_type) DO UPDATE SET cnt = s.cnt + excluded.cnt;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO copyright_book_day_sums AS s (company_idx, day, pay_type, cnt)
      SELECT r.company_idx, r.publication_date, r.pay_type, count(*)::int
      FROM new_rows r
      GROUP BY 1, 2, 3
      ON CONFLICT (company_idx, day, pay_type) DO UPDATE SET cnt = s.cnt + excluded.cnt;
    INSERT INTO copyright_book_month_sums AS s (company_idx, month, pay_type, cnt)
      SELECT r.company_idx, date_trunc('month', r.publication_date)::date, r.pay_type, count(*)::int
      FROM new_rows r
      GROUP BY 1, 2, 3
      ON CONFLICT (company_idx, month, pay_type) DO UPDATE SET cnt = s.cnt + excluded.cnt;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER copyright_books_sums_ins AFTER INSERT ON copyright_books
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION copyright_book_sums_apply();
--> statement-breakpoint
CREATE TRIGGER copyright_books_sums_del AFTER DELETE ON copyright_books
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION copyright_book_sums_apply();
--> statement-breakpoint
CREATE TRIGGER copyright_books_sums_upd AFTER UPDATE ON copyright_books
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION copyright_book_sums_apply();
--> statement-breakpoint
INSERT INTO copyright_book_day_sums AS s (company_idx, day, pay_type, cnt)
      SELECT r.company_idx, r.publication_date, r.pay_type, count(*)::int
      FROM copyright_books r
      GROUP BY 1, 2, 3
      ON CONFLICT (company_idx, day, pay_type) DO UPDATE SET cnt = s.cnt + excluded.cnt;
--> statement-breakpoint
INSERT INTO copyright_book_month_sums AS s (company_idx, month, pay_type, cnt)
      SELECT r.company_idx, date_trunc('month', r.publication_date)::date, r.pay_type, count(*)::int
      FROM copyright_books r
      GROUP BY 1, 2, 3
      ON CONFLICT (company_idx, month, pay_type) DO UPDATE SET cnt = s.cnt + excluded.cnt;
