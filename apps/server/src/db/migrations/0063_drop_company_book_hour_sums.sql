-- Issue 57: the registered books' hour sums (COMPANY_BOOK_HOURS, migration 0042) go; a range's partial UTC days are
-- read from the books (company_books_company_created), as every other list with summaries does. The day and month sums stay.
DROP TRIGGER company_books_hour_sums_ins ON company_books;
--> statement-breakpoint
DROP TRIGGER company_books_hour_sums_del ON company_books;
--> statement-breakpoint
DROP TRIGGER company_books_hour_sums_upd ON company_books;
--> statement-breakpoint
DROP FUNCTION company_book_hour_sums_apply();
--> statement-breakpoint
DROP TABLE "company_book_hour_sums" CASCADE;
